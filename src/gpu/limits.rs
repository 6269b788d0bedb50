//! The buffer-size check made before anything is allocated, so a size the
//! device cannot take becomes an error that names the limit instead of a
//! failed allocation. Pure arithmetic over the device's limits.

use std::fmt;

use super::GpuError;

/// The device limits that bound one rank's buffer (WebGPU `GPUSupportedLimits`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BufferLimits {
    /// `maxStorageBufferBindingSize`: the most bytes one shader binding sees
    /// (WebGPU's default 128 MiB; adapters often allow more).
    pub max_storage_buffer_binding_size: u64,
    /// `maxBufferSize`: the largest buffer the device creates (default 256 MiB).
    pub max_buffer_size: u64,
}

impl From<&wgpu::Limits> for BufferLimits {
    fn from(limits: &wgpu::Limits) -> Self {
        Self {
            max_storage_buffer_binding_size: limits.max_storage_buffer_binding_size,
            max_buffer_size: limits.max_buffer_size,
        }
    }
}

/// Which limit a rank buffer exceeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// [`BufferLimits::max_buffer_size`], against the whole rank buffer.
    BufferSize,
    /// [`BufferLimits::max_storage_buffer_binding_size`], against the
    /// window one dispatch binds (about one chunk, S/n for the ring).
    StorageBinding,
    /// 4 GiB - 1: the kernel addresses a rank buffer with 32-bit byte
    /// offsets (WebGPU's dynamic offsets are `u32`), whatever the device
    /// allows.
    Addressing,
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LimitKind::BufferSize => "rank buffer over the maximum buffer size",
            LimitKind::StorageBinding => {
                "chunk window over the maximum storage buffer binding size"
            }
            LimitKind::Addressing => "rank buffer over the 4 GiB 32-bit offsets address",
        })
    }
}

/// What one rank needs: its whole buffer, and the window of it that one
/// dispatch binds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankBufferSize {
    /// Bytes of the rank buffer.
    pub buffer_bytes: u64,
    /// Bytes of the largest window a dispatch binds.
    pub window_bytes: u64,
}

/// Checks a rank buffer against every limit, the whole buffer first.
/// Errors with the first limit exceeded, its value and the size asked for.
pub fn check_rank_buffer(limits: &BufferLimits, size: RankBufferSize) -> Result<(), GpuError> {
    let checks = [
        (
            LimitKind::BufferSize,
            limits.max_buffer_size,
            size.buffer_bytes,
        ),
        (
            LimitKind::StorageBinding,
            limits.max_storage_buffer_binding_size,
            size.window_bytes,
        ),
        (
            LimitKind::Addressing,
            u64::from(u32::MAX),
            size.buffer_bytes,
        ),
    ];
    match checks
        .into_iter()
        .find(|&(_, limit_bytes, requested_bytes)| requested_bytes > limit_bytes)
    {
        Some((limit, limit_bytes, requested_bytes)) => Err(GpuError::BufferTooLarge {
            limit,
            limit_bytes,
            requested_bytes,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;
    const WEBGPU_DEFAULTS: BufferLimits = BufferLimits {
        max_storage_buffer_binding_size: 128 * MIB,
        max_buffer_size: 256 * MIB,
    };

    fn size(buffer_bytes: u64, window_bytes: u64) -> RankBufferSize {
        RankBufferSize {
            buffer_bytes,
            window_bytes,
        }
    }

    #[test]
    fn sizes_at_the_limits_fit() {
        assert_eq!(
            check_rank_buffer(&WEBGPU_DEFAULTS, size(256 * MIB, 128 * MIB)),
            Ok(())
        );
    }

    #[test]
    fn a_buffer_over_the_buffer_limit_names_it_and_both_sizes() {
        assert_eq!(
            check_rank_buffer(&WEBGPU_DEFAULTS, size(256 * MIB + 4, MIB)),
            Err(GpuError::BufferTooLarge {
                limit: LimitKind::BufferSize,
                limit_bytes: 256 * MIB,
                requested_bytes: 256 * MIB + 4,
            })
        );
    }

    #[test]
    fn a_window_over_the_binding_limit_names_it() {
        assert_eq!(
            check_rank_buffer(&WEBGPU_DEFAULTS, size(256 * MIB, 128 * MIB + 4)),
            Err(GpuError::BufferTooLarge {
                limit: LimitKind::StorageBinding,
                limit_bytes: 128 * MIB,
                requested_bytes: 128 * MIB + 4,
            })
        );
    }

    #[test]
    fn buffers_past_32_bit_offsets_are_refused_whatever_the_device_allows() {
        let unbounded = BufferLimits {
            max_storage_buffer_binding_size: u64::MAX,
            max_buffer_size: u64::MAX,
        };
        assert_eq!(
            check_rank_buffer(&unbounded, size(1 << 32, MIB)),
            Err(GpuError::BufferTooLarge {
                limit: LimitKind::Addressing,
                limit_bytes: u64::from(u32::MAX),
                requested_bytes: 1 << 32,
            })
        );
    }

    #[test]
    fn the_message_says_the_limit_and_the_request() {
        let err =
            check_rank_buffer(&WEBGPU_DEFAULTS, size(512 * MIB, MIB)).map_err(|e| e.to_string());
        assert_eq!(
            err,
            Err("rank buffer over the maximum buffer size: 536870912 bytes asked for, at most 268435456 allowed".to_owned())
        );
    }
}
