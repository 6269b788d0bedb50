//! The element types the GPU path runs: the CPU reference's [`Element`]s
//! with their WGSL type and their bytes in a buffer. Web side.

use crate::sim::allreduce::{Element, PerfType};

/// An [`Element`] the kernels can run: `f32` and `i32`. Both are 4 bytes,
/// little-endian in GPU buffers (WebGPU is little-endian everywhere).
pub trait GpuElement: Element {
    /// The WGSL scalar type the kernel's `Element` alias becomes. WGSL's
    /// `f32 + f32` is correctly rounded and `i32 + i32` wraps, as
    /// [`Element::add`] does on the CPU.
    const WGSL_TYPE: &'static str;
    /// The type column nccl-tests prints for it.
    const PERF_TYPE: PerfType;
    /// The element's bytes in a buffer.
    fn to_bytes(self) -> [u8; 4];
    /// The element from its bytes in a buffer.
    fn from_bytes(bytes: [u8; 4]) -> Self;
}

impl GpuElement for f32 {
    const WGSL_TYPE: &'static str = "f32";
    const PERF_TYPE: PerfType = PerfType::Float;
    fn to_bytes(self) -> [u8; 4] {
        self.to_le_bytes()
    }
    fn from_bytes(bytes: [u8; 4]) -> Self {
        Self::from_le_bytes(bytes)
    }
}

impl GpuElement for i32 {
    const WGSL_TYPE: &'static str = "i32";
    const PERF_TYPE: PerfType = PerfType::Int32;
    fn to_bytes(self) -> [u8; 4] {
        self.to_le_bytes()
    }
    fn from_bytes(bytes: [u8; 4]) -> Self {
        Self::from_le_bytes(bytes)
    }
}

/// Bytes of one element in a buffer.
pub(crate) const ELEMENT_BYTES: u64 = 4;

/// `values` as buffer bytes.
pub(crate) fn to_buffer_bytes<T: GpuElement>(values: &[T]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_bytes()).collect()
}

/// Buffer bytes as elements; a trailing partial element is ignored.
pub(crate) fn from_buffer_bytes<T: GpuElement>(bytes: &[u8]) -> Vec<T> {
    bytes
        .chunks_exact(4)
        .map(|c| T::from_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_for_both_types() {
        let floats = [0.1_f32, -3.5, f32::MAX, -0.0];
        assert_eq!(from_buffer_bytes::<f32>(&to_buffer_bytes(&floats)), floats);
        let ints = [0_i32, -1, i32::MAX, i32::MIN];
        assert_eq!(from_buffer_bytes::<i32>(&to_buffer_bytes(&ints)), ints);
        assert_eq!(to_buffer_bytes(&[1_i32]), [1, 0, 0, 0]);
    }
}
