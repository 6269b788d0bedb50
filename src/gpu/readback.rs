//! Reading storage buffers back to the CPU: copy into a mappable staging
//! buffer, map it, await the map through a oneshot channel (wgpu's map
//! future is a callback, and `!Send` on the web), copy the bytes out.
//! Web side; the same code runs natively, where `GpuContext::wait` drives
//! the callback.

use futures_channel::oneshot;

use super::element::{ELEMENT_BYTES, GpuElement, from_buffer_bytes};
use super::{GpuContext, GpuError};

/// The first `len` elements of every buffer in `sources`, in order. Ranks
/// share one staging buffer as far as `max_buffer_size` allows, so a small
/// ring costs one map, a huge one a map per rank.
pub(crate) async fn read_elements<T: GpuElement>(
    ctx: &GpuContext,
    sources: &[wgpu::Buffer],
    len: usize,
) -> Result<Vec<Vec<T>>, GpuError> {
    let size = len as u64 * ELEMENT_BYTES;
    let per_batch = (ctx.limits().max_buffer_size / size.max(1))
        .min(sources.len() as u64)
        .max(1);
    let mut out = Vec::with_capacity(sources.len());
    for batch in sources.chunks(per_batch as usize) {
        let staging = ctx
            .scoped(|device, queue| {
                let staging = device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("readback staging"),
                    size: size * batch.len() as u64,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                let mut encoder = device.create_command_encoder(&Default::default());
                for (slot, source) in (0u64..).zip(batch) {
                    encoder.copy_buffer_to_buffer(source, 0, &staging, slot * size, size);
                }
                queue.submit([encoder.finish()]);
                staging
            })
            .await?;
        let bytes = map_read(ctx, &staging).await?;
        out.extend(
            bytes
                .chunks(size.max(1) as usize)
                .take(batch.len())
                .map(from_buffer_bytes),
        );
    }
    Ok(out)
}

/// The whole of the mappable `buffer`, once the work writing it is done.
async fn map_read(ctx: &GpuContext, buffer: &wgpu::Buffer) -> Result<Vec<u8>, GpuError> {
    let (sender, receiver) = oneshot::channel();
    buffer.map_async(wgpu::MapMode::Read, .., move |result| {
        // The receiver is gone only if the caller stopped waiting.
        let _ = sender.send(result);
    });
    ctx.wait()?;
    receiver
        .await
        .map_err(|_| GpuError::Map("the map callback was dropped".to_owned()))?
        .map_err(|e| GpuError::Map(e.to_string()))?;
    let bytes = buffer
        .get_mapped_range(..)
        .map_err(|e| GpuError::Map(e.to_string()))?
        .to_vec();
    buffer.unmap();
    Ok(bytes)
}
