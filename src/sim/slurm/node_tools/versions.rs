//! The one software and hardware snapshot every node tool prints: a 2024-25
//! DGX H100 stack (shared/reference/node-tools.md section 0). Pure
//! constants.

/// NVIDIA driver version, as `nvidia-smi` and the NVRM load line print it.
pub const DRIVER_VERSION: &str = "550.54.15";

/// The build stamp of the 550.54.15 kernel module, as
/// `/proc/driver/nvidia/version` and its dmesg load line show it.
pub const DRIVER_BUILD: &str = "Tue Mar  5 22:23:56 UTC 2024";

/// The CUDA version the driver supports (`CUDA Version:` in `nvidia-smi`).
pub const CUDA_VERSION: &str = "12.4";

/// The NCCL bundled with PyTorch 2.5.1's CUDA 12 wheels.
pub const NCCL_VERSION: &str = "2.21.5";

/// The GPU's marketing name, as NVML and CUDA report it.
pub const GPU_NAME: &str = "NVIDIA H100 80GB HBM3";

/// Total GPU memory in MiB, as `nvidia-smi` shows it.
pub const GPU_MEMORY_MIB: u64 = 81_559;

/// The board power limit in watts.
pub const GPU_POWER_CAP_W: u32 = 700;

/// PCI vendor:device of the H100 SXM5 (`10de:2330`).
pub const GPU_PCI_ID: &str = "10de:2330";

/// The PCI bus numbers of the eight GPUs of a DGX H100, in CUDA order.
pub const DGX_H100_BUSES: [u8; 8] = [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb];

/// NVLinks between each pair of H100 SXM GPUs (`NV18` in `topo -m`).
pub const NVLINKS_PER_GPU: u32 = 18;
