//! `dmesg` and `dmesg -T` against node-tools.md section 3 and the lab
//! page "Fallen Off the Bus".

use super::*;

/// 2024-07-31T23:14:18Z and 2024-08-05T03:54:13Z, 2024-08-09T13:32:56Z:
/// the reference's H100 Xids.
const JUL_31: i64 = 1_722_467_658;
const AUG_5: i64 = 1_722_830_053;
const AUG_9: i64 = 1_723_210_376;

/// The lines of `text` without their `[...] ` stamps.
fn messages(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.split_once("] ").map(|(_, m)| m))
        .collect()
}

fn lab_node() -> NodeHealth {
    let mut node = NodeHealth::dgx_h100("node-3", BOOT, 3);
    node.gpus[4].uuid = "GPU-<uuid of that GPU>".to_owned();
    node.gpus[4].serial = "<serial>".to_owned();
    node.fall_off_bus(4, FAILURE).unwrap();
    node
}

#[test]
fn xid_79_is_the_composed_550_block() {
    let text = dmesg_t(&lab_node(), FAILURE + 600);
    let xid: Vec<&str> = text.lines().filter(|l| l.contains("9a:00")).collect();
    assert_eq!(
        xid,
        [
            "[Mon Nov 30 03:12:45 2026] NVRM: GPU at PCI:0000:9a:00: GPU-<uuid of that GPU>",
            "[Mon Nov 30 03:12:45 2026] NVRM: Xid (PCI:0000:9a:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
            "[Mon Nov 30 03:12:45 2026] NVRM: GPU 0000:9a:00.0: GPU has fallen off the bus.",
            "[Mon Nov 30 03:12:45 2026] NVRM: GPU 0000:9a:00.0: GPU serial number is <serial>.",
        ]
    );
    let all: Vec<&str> = text.lines().collect();
    let at = all.iter().position(|l| l.contains("GPU at PCI")).unwrap();
    assert_eq!(
        all[at..at + 5],
        [
            "[Mon Nov 30 03:12:45 2026] NVRM: GPU at PCI:0000:9a:00: GPU-<uuid of that GPU>",
            "[Mon Nov 30 03:12:45 2026] NVRM: GPU Board Serial Number: <serial>",
            "[Mon Nov 30 03:12:45 2026] NVRM: Xid (PCI:0000:9a:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
            "[Mon Nov 30 03:12:45 2026] NVRM: GPU 0000:9a:00.0: GPU has fallen off the bus.",
            "[Mon Nov 30 03:12:45 2026] NVRM: GPU 0000:9a:00.0: GPU serial number is <serial>.",
        ]
    );
    // What `dmesg -T | grep -i xid` shows.
    let grep: Vec<&str> = text
        .lines()
        .filter(|l| l.to_lowercase().contains("xid"))
        .collect();
    assert_eq!(grep.len(), 1);
    // Before the failure, nothing of it.
    assert!(!dmesg_t(&lab_node(), FAILURE - 1).contains("NVRM: Xid"));
}

#[test]
fn plain_dmesg_stamps_seconds_since_boot() {
    let text = dmesg(&lab_node(), FAILURE + 600);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        format!(
            "[    0.000000] Linux version {KERNEL_RELEASE} (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) {KERNEL_VERSION}"
        )
    );
    assert!(text.contains(
        "] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024\n"
    ));
    let xid = text.lines().find(|l| l.contains("NVRM: Xid")).unwrap();
    // 33 165 s after boot, printed `%5ld.%06ld` like `[ 1843.308145] `.
    assert!(xid.starts_with("[33165."), "{xid}");
    assert_eq!(xid.find("] ").unwrap(), 13);
    let stamps: Vec<f64> = text
        .lines()
        .filter_map(|l| l.strip_prefix('[')?.split_once(']')?.0.trim().parse().ok())
        .collect();
    assert!(stamps.windows(2).all(|w| w[0] <= w[1]), "in time order");
}

#[test]
fn a_gpu_lost_before_boot_fails_the_probe() {
    let mut node = lab_node();
    node.boot_time = FAILURE + 900;
    let text = dmesg(&node, FAILURE + 1000);
    assert!(!text.contains("NVRM: Xid"));
    let at = text
        .lines()
        .position(|l| l.contains("The NVIDIA GPU"))
        .unwrap();
    let block: Vec<&str> = text.lines().skip(at).take(4).collect();
    // The reference's 570 paste, with the H100's PCI id and bus 9a: the
    // continuation lines are indented under the first.
    assert!(block[0].ends_with("] NVRM: The NVIDIA GPU 0000:9a:00.0"));
    assert_eq!(
        block[1],
        "               NVRM: (PCI ID: 10de:2330) installed in this system has"
    );
    assert_eq!(
        block[2],
        "               NVRM: fallen off the bus and is not responding to commands."
    );
    assert!(block[3].ends_with("] NVRM: The NVIDIA probe routine failed for 1 device(s)."));
    let with_dates = dmesg_t(&node, FAILURE + 1000);
    assert!(with_dates.contains(&format!("\n{}NVRM: (PCI ID", " ".repeat(27))));
}

#[test]
fn other_xids_match_real_h100_lines() {
    let mut node = NodeHealth::dgx_h100("gpu-1", JUL_31 - 86_400, 9);
    node.gpus[0].bus = 0x05;
    node.gpus[0].uuid = "GPU-efbdfde9-5798-a6e7-4c46-12518fa15375".to_owned();
    node.gpus[0].serial = "1650423013443".to_owned();
    node.gpus[1].bus = 0x07;
    node.gpus[2].bus = 0x08;
    let process = |pid, name: &str| {
        Some(XidProcess {
            pid,
            name: name.to_owned(),
        })
    };
    let events = [
        (
            0,
            JUL_31,
            Xid::ChannelStopped,
            process(1_045_242, "pt_main_thread"),
        ),
        (1, AUG_5, Xid::MmuFault, process(2_512_125, "python3.10")),
        (2, AUG_9, Xid::ContainedEcc, None),
    ];
    for (gpu, at, xid, process) in events {
        node.record_xid(gpu, XidEvent { at, xid, process }).unwrap();
    }
    let text = dmesg_t(&node, AUG_9 + 1);
    let nvrm: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("NVRM: GPU at") || l.contains("Serial") || l.contains("Xid"))
        .collect();
    // The reference's real lines, from a VM whose GPUs sit at device 05,
    // 07, 08 of bus 00; this model's GPUs sit at device 00 of their own bus
    // (as in a DGX), so the address is swapped. The other GPUs' address
    // lines come with their first Xid; the reference's excerpt omits them.
    for reference in [
        "[Wed Jul 31 23:14:18 2024] NVRM: GPU at PCI:0000:00:05: GPU-efbdfde9-5798-a6e7-4c46-12518fa15375",
        "[Wed Jul 31 23:14:18 2024] NVRM: GPU Board Serial Number: 1650423013443",
        "[Wed Jul 31 23:14:18 2024] NVRM: Xid (PCI:0000:00:05): 43, pid=1045242, name=pt_main_thread, Ch 00000008",
        "[Mon Aug  5 03:54:13 2024] NVRM: Xid (PCI:0000:00:07): 31, pid=2512125, name=python3.10, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_8 faulted @ 0x73ac_1c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE",
        "[Fri Aug  9 13:32:56 2024] NVRM: Xid (PCI:0000:00:08): 94, pid='<unknown>', name=<unknown>, Contained: SM (0x1). RST: No, D-RST: No",
    ] {
        let line = ["05", "07", "08"]
            .iter()
            .fold(reference.to_owned(), |line, d| {
                line.replace(&format!("PCI:0000:00:{d}"), &format!("PCI:0000:{d}:00"))
            });
        assert!(
            nvrm.contains(&line.as_str()),
            "missing {line}\nin {nvrm:#?}"
        );
    }
    assert_eq!(nvrm.len(), 3 + 2 * 3);
}

#[test]
fn xid_messages_match_the_reference_samples() {
    // Lines as the reference prints them (prefix omitted); 63 and 95 come
    // from drivers without `name=`, 74 from domain 0003, so only their
    // messages are compared.
    let mut node = NodeHealth::dgx_h100("gpu-2", 0, 9);
    let samples = [
        (
            0xcb,
            Xid::GraphicsException,
            "NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter",
        ),
        (
            0x0a,
            Xid::PreemptiveCleanup,
            "NVRM: Xid (PCI:0000:0a:00): 45, pid='<unknown>', name=<unknown>, Ch 00000008",
        ),
        (
            0x07,
            Xid::DoubleBitEcc,
            "NVRM: Xid (PCI:0000:07:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x7fffa8860 partition 7, subpartition 1.",
        ),
        (
            0x0f,
            Xid::RowRemapFailure,
            "NVRM: Xid (PCI:0000:0f:00): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: (0x00000002eebc4100) - All reserved rows for bank are remapped",
        ),
    ];
    for (slot, (bus, xid, _)) in samples.iter().enumerate() {
        node.gpus[slot].bus = *bus;
        node.record_xid(slot, XidEvent::new(100 + slot as i64, *xid))
            .unwrap();
    }
    let text = dmesg(&node, 200);
    let got = messages(&text);
    for (_, _, line) in samples {
        assert!(got.contains(&line), "missing {line}");
    }
    assert_eq!(
        Xid::RowRemapPending.message(),
        "Row Remapper: New row marked for remapping, reset gpu to activate."
    );
    assert!(
        Xid::NvlinkError
            .message()
            .starts_with("NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000")
    );
    assert_eq!(
        Xid::UncontainedEcc.message(),
        "Uncontained: LTC TAG (0x2,0x1). RST: Yes, D-RST: No"
    );
}

#[test]
fn nothing_is_logged_for_a_gpu_after_it_is_lost() {
    let mut node = lab_node();
    node.record_xid(4, XidEvent::new(FAILURE + 5, Xid::DoubleBitEcc))
        .unwrap();
    let text = dmesg(&node, FAILURE + 600);
    assert!(!text.contains(": 48,"));
    assert_eq!(text.matches("GPU at PCI").count(), 1);
}

#[test]
fn the_command_reads_options_like_util_linux() {
    let node = lab_node();
    let now = FAILURE + 600;
    assert_eq!(dmesg_command(&node, &[], now).stdout, dmesg(&node, now));
    for args in ["-T", "--ctime", "-TT"] {
        assert_eq!(
            dmesg_command(&node, &words(args), now).stdout,
            dmesg_t(&node, now)
        );
    }
    let bad = dmesg_command(&node, &words("-Tx"), now);
    assert_eq!(
        (bad.stderr.as_str(), bad.exit),
        (
            "dmesg: invalid option -- 'x'\nTry 'dmesg --help' for more information.\n",
            1
        )
    );
    let long = dmesg_command(&node, &words("--follow-new"), now);
    assert_eq!(
        long.stderr,
        "dmesg: unrecognized option '--follow-new'\nTry 'dmesg --help' for more information.\n"
    );
    let operand = dmesg_command(&node, &words("xid"), now);
    assert_eq!(
        operand.stderr,
        "dmesg: bad usage\nTry 'dmesg --help' for more information.\n"
    );
    assert!(
        dmesg_command(&node, &words("-h"), now)
            .stdout
            .contains("--ctime")
    );
}
