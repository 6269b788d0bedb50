//! NVIDIA Xid errors: the codes the kernel driver logs when a GPU fails,
//! with the message each prints after its process fields (texts from
//! shared/reference/node-tools.md section 3). Pure.

use serde::{Deserialize, Serialize};

/// An Xid the node model can log, named for what it means; [`Xid::code`]
/// gives the number `dmesg` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Xid {
    /// 13: Graphics Engine Exception (an illegal instruction in a kernel).
    GraphicsException,
    /// 31: GPU memory page fault (MMU fault) in an application.
    MmuFault,
    /// 43: the GPU stopped processing a channel (an application fault).
    ChannelStopped,
    /// 45: preemptive cleanup of a channel after earlier errors.
    PreemptiveCleanup,
    /// 48: an uncorrectable double-bit ECC error in the framebuffer.
    DoubleBitEcc,
    /// 63: a row marked for remapping; a GPU reset applies it.
    RowRemapPending,
    /// 64: row remapping failed: every spare row of a bank is used.
    RowRemapFailure,
    /// 74: a fatal NVLink error.
    NvlinkError,
    /// 79: the GPU has fallen off the bus: it no longer answers on PCIe.
    FallenOffBus,
    /// 94: a contained ECC error (only the affected application dies).
    ContainedEcc,
    /// 95: an uncontained ECC error (the GPU needs a reset).
    UncontainedEcc,
}

impl Xid {
    /// Every modelled Xid, in code order.
    pub const ALL: [Xid; 11] = [
        Xid::GraphicsException,
        Xid::MmuFault,
        Xid::ChannelStopped,
        Xid::PreemptiveCleanup,
        Xid::DoubleBitEcc,
        Xid::RowRemapPending,
        Xid::RowRemapFailure,
        Xid::NvlinkError,
        Xid::FallenOffBus,
        Xid::ContainedEcc,
        Xid::UncontainedEcc,
    ];

    /// The Xid number.
    pub fn code(self) -> u32 {
        match self {
            Xid::GraphicsException => 13,
            Xid::MmuFault => 31,
            Xid::ChannelStopped => 43,
            Xid::PreemptiveCleanup => 45,
            Xid::DoubleBitEcc => 48,
            Xid::RowRemapPending => 63,
            Xid::RowRemapFailure => 64,
            Xid::NvlinkError => 74,
            Xid::FallenOffBus => 79,
            Xid::ContainedEcc => 94,
            Xid::UncontainedEcc => 95,
        }
    }

    /// The Xid with number `code`, if it is modelled.
    pub fn from_code(code: u32) -> Option<Xid> {
        Xid::ALL.into_iter().find(|x| x.code() == code)
    }

    /// The text after `pid=..., name=..., ` in the NVRM line, as real
    /// drivers print it (node-tools.md section 3; most come from the GSP
    /// firmware, so the details are one real sample each).
    pub fn message(self) -> &'static str {
        match self {
            Xid::GraphicsException => {
                "Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter"
            }
            Xid::MmuFault => {
                "Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_8 faulted @ 0x73ac_1c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE"
            }
            Xid::ChannelStopped | Xid::PreemptiveCleanup => "Ch 00000008",
            Xid::DoubleBitEcc => {
                "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x7fffa8860 partition 7, subpartition 1."
            }
            Xid::RowRemapPending => {
                "Row Remapper: New row marked for remapping, reset gpu to activate."
            }
            Xid::RowRemapFailure => {
                "Row Remapper Error: (0x00000002eebc4100) - All reserved rows for bank are remapped"
            }
            Xid::NvlinkError => {
                "NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"
            }
            Xid::FallenOffBus => "GPU has fallen off the bus.",
            Xid::ContainedEcc => "Contained: SM (0x1). RST: No, D-RST: No",
            Xid::UncontainedEcc => "Uncontained: LTC TAG (0x2,0x1). RST: Yes, D-RST: No",
        }
    }

    /// Whether `nvidia-smi` counts it in `Volatile Uncorr. ECC`.
    pub fn is_uncorrectable_ecc(self) -> bool {
        matches!(
            self,
            Xid::DoubleBitEcc | Xid::ContainedEcc | Xid::UncontainedEcc
        )
    }
}

/// The process an Xid is attributed to (`pid=1045242, name=pt_main_thread`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct XidProcess {
    /// Process id.
    pub pid: u32,
    /// Process name (the kernel's `comm`, at most 15 bytes).
    pub name: String,
}

/// One Xid logged by one GPU.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct XidEvent {
    /// When, in seconds since the Unix epoch.
    pub at: i64,
    /// Which error.
    pub xid: Xid,
    /// The process it hit; `None` prints `pid='<unknown>', name=<unknown>`.
    pub process: Option<XidProcess>,
}

impl XidEvent {
    /// An event with no attributable process.
    pub fn new(at: i64, xid: Xid) -> XidEvent {
        XidEvent {
            at,
            xid,
            process: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for xid in Xid::ALL {
            assert_eq!(Xid::from_code(xid.code()), Some(xid));
            assert!(!xid.message().is_empty());
        }
        assert_eq!(Xid::from_code(80), None);
        assert!(Xid::DoubleBitEcc.is_uncorrectable_ecc());
        assert!(!Xid::FallenOffBus.is_uncorrectable_ecc());
    }
}
