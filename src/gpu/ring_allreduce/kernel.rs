//! The step kernel: `ring_step.wgsl` compiled for one element type, its
//! bind group layout (windows of the sender and receiver buffers and the
//! transfer's uniform, all at dynamic offsets) and one pipeline per
//! [`Combine`].

use std::num::NonZeroU64;

use crate::sim::allreduce::Combine;

/// Invocations per workgroup: WebGPU's guaranteed
/// `maxComputeInvocationsPerWorkgroup`.
pub(super) const WORKGROUP_SIZE: u32 = 256;

/// Bytes of one transfer's uniform: `struct Transfer { start, len }`,
/// padded to the 16 bytes uniform bindings are sized in.
pub(super) const TRANSFER_BYTES: u64 = 16;

/// The compiled kernel for one element type.
#[derive(Debug)]
pub(super) struct RingKernel {
    layout: wgpu::BindGroupLayout,
    add: wgpu::ComputePipeline,
    copy: wgpu::ComputePipeline,
}

impl RingKernel {
    /// Compiles the kernel with `Element` = `element` (a WGSL scalar type).
    pub(super) fn new(device: &wgpu::Device, element: &str) -> Self {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("ring_step.wgsl"),
            source: wgpu::ShaderSource::Wgsl(shader_source(element).into()),
        });
        let buffer_entry =
            |binding, ty, has_dynamic_offset, min_binding_size| wgpu::BindGroupLayoutEntry {
                binding,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer {
                    ty,
                    has_dynamic_offset,
                    min_binding_size,
                },
                count: None,
            };
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("ring step"),
            entries: &[
                buffer_entry(
                    0,
                    wgpu::BufferBindingType::Storage { read_only: true },
                    true,
                    None,
                ),
                buffer_entry(
                    1,
                    wgpu::BufferBindingType::Storage { read_only: false },
                    true,
                    None,
                ),
                buffer_entry(
                    2,
                    wgpu::BufferBindingType::Uniform,
                    true,
                    NonZeroU64::new(TRANSFER_BYTES),
                ),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("ring step"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = |entry_point| {
            device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry_point),
                layout: Some(&pipeline_layout),
                module: &module,
                entry_point: Some(entry_point),
                compilation_options: Default::default(),
                cache: None,
            })
        };
        Self {
            add: pipeline("add_chunk"),
            copy: pipeline("copy_chunk"),
            layout,
        }
    }

    /// The pipeline that adds (reduce phases) or copies (gather phases).
    pub(super) fn pipeline(&self, combine: Combine) -> &wgpu::ComputePipeline {
        match combine {
            Combine::Add => &self.add,
            Combine::Copy => &self.copy,
        }
    }

    /// Binds `window_bytes` of `sender` (read) and of `receiver`
    /// (read-write) and a [`TRANSFER_BYTES`] slice of `transfers`, each
    /// placed per dispatch by a dynamic offset.
    pub(super) fn bind_group(
        &self,
        device: &wgpu::Device,
        [sender, receiver, transfers]: [&wgpu::Buffer; 3],
        window_bytes: u64,
    ) -> wgpu::BindGroup {
        let window = |binding, buffer, size| wgpu::BindGroupEntry {
            binding,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer,
                offset: 0,
                size: NonZeroU64::new(size),
            }),
        };
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("ring step"),
            layout: &self.layout,
            entries: &[
                window(0, sender, window_bytes),
                window(1, receiver, window_bytes),
                window(2, transfers, TRANSFER_BYTES),
            ],
        })
    }
}

/// The WGSL source with its `Element` alias and workgroup size prepended.
fn shader_source(element: &str) -> String {
    format!(
        "alias Element = {element};\nconst WORKGROUP_SIZE: u32 = {WORKGROUP_SIZE}u;\n{}",
        include_str!("ring_step.wgsl")
    )
}
