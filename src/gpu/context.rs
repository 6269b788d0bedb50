//! Device acquisition, apart from any kernel (wgpu's `hello_compute`
//! shape): an adapter, a device with the adapter's own buffer limits, and
//! the plumbing every kernel shares (error scopes, waiting, lost-device
//! reports). Web side; natively the same code runs on Vulkan.

use std::sync::{Arc, Mutex, PoisonError};

use futures_channel::oneshot;

use super::GpuError;
use super::limits::BufferLimits;

/// Why there is no GPU path here; the widget then falls back to the CPU
/// reference with a visible note.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GpuUnavailable {
    /// The browser has no WebGPU API (`navigator.gpu` is missing).
    #[error("this browser has no WebGPU API (navigator.gpu is missing)")]
    NoWebGpuApi,
    /// The API exists but gave no adapter (headless Chromium without
    /// `--enable-unsafe-webgpu`, a blocklisted GPU, no Vulkan driver).
    #[error("no GPU adapter is available: {0}")]
    NoAdapter(String),
    /// The adapter refused to create a device.
    #[error("the GPU device request failed: {0}")]
    DeviceRequest(String),
}

/// What the widget shows about the adapter it measured on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdapterSummary {
    /// The adapter's name, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`; may be
    /// empty in browsers that hide it.
    pub name: String,
    /// The backend, e.g. `vulkan` or `webgpu`.
    pub backend: wgpu::Backend,
    /// Discrete, integrated, virtual or CPU (lavapipe, SwiftShader).
    pub device_type: wgpu::DeviceType,
    /// Where the name is empty, the vendor and architecture the browser
    /// gives instead (`google swiftshader`), which wgpu's WebGPU backend
    /// does not pass on; empty when those are unknown too.
    pub described: String,
}

/// A device and its queue, ready for the kernels. Cheap to clone: every
/// clone shares the same device.
#[derive(Debug, Clone)]
pub struct GpuContext {
    device: wgpu::Device,
    queue: wgpu::Queue,
    adapter: AdapterSummary,
    /// The first error reported outside our error scopes (device lost or an
    /// uncaptured error); once set, every later operation returns it.
    fault: Arc<Mutex<Option<GpuError>>>,
}

impl GpuContext {
    /// Asks for an adapter (backends from `WGPU_BACKEND` natively, WebGPU in
    /// the browser) and a device with the adapter's own
    /// `max_storage_buffer_binding_size` and `max_buffer_size`, so buffers
    /// as large as the adapter allows work (WebGPU's defaults stop at 128
    /// and 256 MiB).
    pub async fn new() -> Result<Self, GpuUnavailable> {
        if !webgpu_api_present() {
            return Err(GpuUnavailable::NoWebGpuApi);
        }
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions::default())
            .await
            .map_err(|e| GpuUnavailable::NoAdapter(e.to_string()))?;
        // The buffer limits and the (smallest) offset alignments from the
        // adapter; everything else at the floor every adapter meets.
        let supported = adapter.limits();
        let required_limits = wgpu::Limits {
            max_storage_buffer_binding_size: supported.max_storage_buffer_binding_size,
            max_buffer_size: supported.max_buffer_size,
            ..wgpu::Limits::downlevel_defaults().using_alignment(supported)
        };
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("gpu-book"),
                required_limits,
                ..Default::default()
            })
            .await
            .map_err(|e| GpuUnavailable::DeviceRequest(e.to_string()))?;
        let info = adapter.get_info();
        let described = if info.name.trim().is_empty() {
            browser_description().await
        } else {
            String::new()
        };
        let fault = Arc::new(Mutex::new(None));
        let lost = Arc::clone(&fault);
        device.set_device_lost_callback(move |reason, message| {
            record(
                &lost,
                GpuError::DeviceLost(format!("{reason:?}: {message}")),
            );
        });
        // wgpu's default handler panics natively; record the error instead.
        let uncaptured = Arc::clone(&fault);
        device.on_uncaptured_error(Arc::new(move |error| {
            record(&uncaptured, GpuError::Device(error.to_string()));
        }));
        Ok(Self {
            device,
            queue,
            adapter: AdapterSummary {
                name: info.name,
                backend: info.backend,
                device_type: info.device_type,
                described,
            },
            fault,
        })
    }

    /// The adapter this context runs on.
    pub fn adapter(&self) -> &AdapterSummary {
        &self.adapter
    }

    /// The device's buffer limits, as checked before every allocation.
    pub fn limits(&self) -> BufferLimits {
        BufferLimits::from(&self.device.limits())
    }

    /// The wgpu device.
    pub(crate) fn device(&self) -> &wgpu::Device {
        &self.device
    }

    /// The first lost-device or uncaptured error, if one was reported.
    fn check_alive(&self) -> Result<(), GpuError> {
        let fault = self.fault.lock().unwrap_or_else(PoisonError::into_inner);
        fault.clone().map_or(Ok(()), Err)
    }

    /// Runs `work` inside out-of-memory, validation and internal error
    /// scopes and returns its value, or what the scopes caught.
    pub(crate) async fn scoped<R>(
        &self,
        work: impl FnOnce(&wgpu::Device, &wgpu::Queue) -> R,
    ) -> Result<R, GpuError> {
        self.check_alive()?;
        let out_of_memory = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let internal = self.device.push_error_scope(wgpu::ErrorFilter::Internal);
        let value = work(&self.device, &self.queue);
        // Scopes pop in reverse order of their pushes.
        let internal = internal.pop();
        let validation = validation.pop();
        let out_of_memory = out_of_memory.pop();
        let (internal, validation, out_of_memory) =
            (internal.await, validation.await, out_of_memory.await);
        if let Some(error) = out_of_memory {
            return Err(GpuError::OutOfMemory(error.to_string()));
        }
        if let Some(error) = validation.or(internal) {
            return Err(GpuError::Device(error.to_string()));
        }
        self.check_alive()?;
        Ok(value)
    }

    /// Natively, blocks until the submitted work is done and its callbacks
    /// (buffer maps, work-done) have run; in the browser a no-op, since the
    /// event loop runs them.
    pub(crate) fn wait(&self) -> Result<(), GpuError> {
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map(drop)
            .map_err(|e| GpuError::Device(e.to_string()))
    }

    /// Resolves once all work submitted so far has finished on the device.
    pub(crate) async fn work_done(&self) -> Result<(), GpuError> {
        let (sender, receiver) = oneshot::channel();
        self.queue.on_submitted_work_done(move || {
            // The receiver is gone only if the caller stopped waiting.
            let _ = sender.send(());
        });
        self.wait()?;
        receiver
            .await
            .map_err(|_| GpuError::DeviceLost("the work-done callback was dropped".to_owned()))?;
        self.check_alive()
    }
}

/// Keeps the first fault: later errors are usually its consequences.
fn record(slot: &Mutex<Option<GpuError>>, error: GpuError) {
    let mut fault = slot.lock().unwrap_or_else(PoisonError::into_inner);
    fault.get_or_insert(error);
}

/// Whether `navigator.gpu` exists; wgpu would otherwise only say "no
/// adapter". Outside a window or worker there is no navigator either.
#[cfg(target_arch = "wasm32")]
fn webgpu_api_present() -> bool {
    use wasm_bindgen::JsValue;
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("navigator"))
        .and_then(|navigator| js_sys::Reflect::get(&navigator, &JsValue::from_str("gpu")))
        .is_ok_and(|gpu| !gpu.is_undefined() && !gpu.is_null())
}

/// The vendor and architecture of the browser's default adapter
/// (`GPUAdapter.info`), read through the WebGPU API itself: wgpu maps only
/// its description, which browsers often leave empty. Empty when the
/// browser gives neither.
#[cfg(target_arch = "wasm32")]
async fn browser_description() -> String {
    use wasm_bindgen::{JsCast, JsValue};
    let get = |value: &JsValue, key: &str| {
        js_sys::Reflect::get(value, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    };
    let Some(gpu) = get(&js_sys::global(), "navigator").and_then(|n| get(&n, "gpu")) else {
        return String::new();
    };
    let request = get(&gpu, "requestAdapter").and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(promise) = request
        .and_then(|f| f.call0(&gpu).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
    else {
        return String::new();
    };
    let Some(info) = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .ok()
        .and_then(|adapter| get(&adapter, "info"))
    else {
        return String::new();
    };
    ["vendor", "architecture"]
        .into_iter()
        .filter_map(|key| get(&info, key)?.as_string())
        .filter(|part| !part.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Natively wgpu names every adapter (llvmpipe, lavapipe, the GPU's model).
#[cfg(not(target_arch = "wasm32"))]
async fn browser_description() -> String {
    String::new()
}

/// Natively wgpu itself is the API; only the adapter request can fail.
#[cfg(not(target_arch = "wasm32"))]
fn webgpu_api_present() -> bool {
    true
}
