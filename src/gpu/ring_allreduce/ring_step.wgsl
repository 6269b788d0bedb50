// One transfer of one all-reduce step: the sending rank's elements
// start..start+len go to the same elements of the receiving rank, which adds
// them into its own (reduce phases) or overwrites its own with them (gather
// phases). Both bindings are the same window of the two rank buffers,
// placed by dynamic offsets; `start` counts from the window's start.
//
// The Rust side prepends `alias Element = f32;` (or i32) and
// `const WORKGROUP_SIZE: u32 = ...;` before compiling. Each dispatch covers
// one transfer; a workgroup count capped at the per-dimension limit is
// enough because every invocation strides over the chunk.

struct Transfer {
    start: u32,
    len: u32,
}

@group(0) @binding(0) var<storage, read> sender: array<Element>;
@group(0) @binding(1) var<storage, read_write> receiver: array<Element>;
@group(0) @binding(2) var<uniform> transfer: Transfer;

@compute @workgroup_size(WORKGROUP_SIZE)
fn add_chunk(
    @builtin(global_invocation_id) id: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let stride = groups.x * WORKGROUP_SIZE;
    for (var i = id.x; i < transfer.len; i += stride) {
        let at = transfer.start + i;
        // Same operand order as the CPU reference (mine + received); f32
        // addition is correctly rounded and commutative, i32 wraps.
        receiver[at] = receiver[at] + sender[at];
    }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn copy_chunk(
    @builtin(global_invocation_id) id: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let stride = groups.x * WORKGROUP_SIZE;
    for (var i = id.x; i < transfer.len; i += stride) {
        let at = transfer.start + i;
        receiver[at] = sender[at];
    }
}
