//! `nvidia-smi`, `-L` and `topo -m` against node-tools.md sections 1-2.

use super::*;

/// 2024-08-05T06:26:21Z, the date line of the reference.
const AUG_5: i64 = 1_722_839_181;

const HEADER: [&str; 8] = [
    "+-----------------------------------------------------------------------------------------+",
    "| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |",
    "|-----------------------------------------+------------------------+----------------------+",
    "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
    "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
    "|                                         |                        |               MIG M. |",
    "|=========================================+========================+======================|",
    "|   0  NVIDIA H100 80GB HBM3          Off |   00000000:18:00.0 Off |                    0 |",
];
const GPU0_READING: &str =
    "| N/A   28C    P0             88W /  700W |       0MiB /  81559MiB |      0%      Default |";
const BUSY_READING: &str =
    "| N/A   39C    P0            145W /  700W |   72790MiB /  81559MiB |      0%      Default |";
const GPU0_END: [&str; 2] = [
    "|                                         |                        |             Disabled |",
    "+-----------------------------------------+------------------------+----------------------+",
];
const TAIL: [&str; 7] = [
    "                                                                                         ",
    "+-----------------------------------------------------------------------------------------+",
    "| Processes:                                                                              |",
    "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
    "|        ID   ID                                                               Usage      |",
    "|=========================================================================================|",
    "|  No running processes found                                                             |",
];

/// The reading line's shape with its numbers filled in.
fn reading(temp: u64, watts: u64, mib: u64, util: u64) -> String {
    format!(
        "| N/A{temp:>5}C    P0{watts:>15}W /  700W | {mib:>7}MiB /  81559MiB | {util:>6}%      Default |"
    )
}

/// The numbers of a reading line: temperature, watts, MiB, utilization.
fn numbers(line: &str) -> (u64, u64, u64, u64) {
    let n: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // Fields: temp, 0 (of P0), watts, 700, MiB, 81559, util.
    (n[0], n[2], n[4], n[6])
}

#[test]
fn the_reading_shape_is_the_reference_line() {
    assert_eq!(reading(28, 88, 0, 0), GPU0_READING);
    assert_eq!(reading(39, 145, 72790, 0), BUSY_READING);
}

#[test]
fn a_healthy_node_prints_the_reference_table() {
    let node = NodeHealth::dgx_h100("node-1", AUG_5 - 3600, 1);
    let out = nvidia_smi(&node, AUG_5);
    assert_eq!((out.exit, out.stderr.as_str()), (0, ""));
    let got = lines(&out.stdout);
    assert_eq!(got[0], "Mon Aug  5 06:26:21 2024       ");
    assert_eq!(got[1..9], HEADER);
    let (temp, watts, mib, util) = numbers(got[9]);
    assert_eq!(got[9], reading(temp, watts, mib, util));
    assert!((26..=33).contains(&temp) && (68..=92).contains(&watts));
    assert_eq!((mib, util), (0, 0));
    assert_eq!(got[10..12], GPU0_END);
    assert!(
        got[12].starts_with("|   1  NVIDIA H100 80GB HBM3          Off |   00000000:2A:00.0 Off |")
    );
    // Eight blocks of four lines, then the processes table.
    assert_eq!(got[8 + 8 * 4 - 1], GPU0_END[1]);
    assert_eq!(got[40..47], TAIL);
    assert_eq!(got[47], HEADER[0]);
    assert_eq!(got.len(), 48);
    for (i, line) in got.iter().enumerate().skip(1) {
        assert_eq!(line.len(), if i == 40 { 89 } else { 91 }, "{line}");
    }
    let buses: Vec<&str> = got
        .iter()
        .filter_map(|l| l.find("00000000:").and_then(|at| l.get(at + 9..at + 11)))
        .collect();
    assert_eq!(buses, ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]);
}

#[test]
fn a_training_job_shows_busy_gpus_and_one_row_each() {
    let mut node = NodeHealth::dgx_h100("node-2", AUG_5 - 3600, 2);
    for gpu in 0..8 {
        node.processes.push(GpuProcess {
            gpu,
            pid: 3_375_095 + gpu as u32,
            name: "/usr/bin/python3".to_owned(),
            used_mib: 71_234,
        });
    }
    let out = nvidia_smi(&node, AUG_5);
    let got = lines(&out.stdout);
    let (temp, watts, mib, util) = numbers(got[9]);
    assert_eq!(got[9], reading(temp, watts, mib, util));
    assert_eq!(mib, 71_234);
    assert!(watts >= 380 && util >= 93);
    // The reference's row for a training process.
    assert_eq!(
        got[46],
        "|    0   N/A  N/A   3375095      C   /usr/bin/python3                            71234MiB |"
    );
    assert_eq!(got.len(), 47 + 8);
    assert!(!out.stdout.contains("No running processes found"));
}

#[test]
fn process_rows_match_the_real_columns_and_cut_long_names() {
    let mut node = NodeHealth::dgx_h100("node-2", 0, 2);
    node.processes.push(GpuProcess {
        gpu: 3,
        pid: 2659,
        name: "/opt/conda/envs/training-environment/bin/python3.10".to_owned(),
        used_mib: 85,
    });
    let out = nvidia_smi(&node, 100);
    let row = lines(&out.stdout)
        .into_iter()
        .find(|l| l.contains("2659"))
        .unwrap()
        .to_owned();
    assert_eq!(
        row,
        "|    3   N/A  N/A      2659      C   ...training-environment/bin/python3.10         85MiB |"
    );
}

#[test]
fn a_gpu_fallen_off_the_bus_leaves_only_the_error() {
    let mut node = NodeHealth::dgx_h100("node-3", BOOT, 3);
    node.fall_off_bus(4, FAILURE).unwrap();
    let before = nvidia_smi(&node, FAILURE - 1);
    assert_eq!(before.exit, 0);
    for out in [
        nvidia_smi(&node, FAILURE),
        nvidia_smi_list(&node, FAILURE + 60),
        nvidia_smi_topo(&node, FAILURE + 60),
    ] {
        assert_eq!(out.stdout, "");
        // The lab page's line; the bus id is upper-case, unlike dmesg's.
        assert_eq!(
            out.stderr,
            "Unable to determine the device handle for GPU0000:9A:00.0: Unknown Error\n"
        );
        assert_eq!(out.exit, 15);
    }
}

#[test]
fn after_a_reboot_the_dead_gpu_is_not_enumerated() {
    let mut node = NodeHealth::dgx_h100("node-3", BOOT, 3);
    node.fall_off_bus(4, FAILURE).unwrap();
    node.boot_time = FAILURE + 600;
    let out = nvidia_smi(&node, FAILURE + 900);
    assert_eq!(out.exit, 0);
    let got = lines(&out.stdout);
    assert_eq!(got.len(), 48 - 4);
    assert!(
        got[24].starts_with("|   4  NVIDIA H100 80GB HBM3          Off |   00000000:AB:00.0 Off |")
    );
    let list = nvidia_smi_list(&node, FAILURE + 900);
    assert_eq!(list.stdout.lines().count(), 7);
    assert!(
        list.stdout
            .lines()
            .nth(4)
            .unwrap()
            .contains(&node.gpus[5].uuid)
    );
    let topo = nvidia_smi_topo(&node, FAILURE + 900);
    assert!(
        topo.stdout
            .starts_with("\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tNIC0")
    );
    // The GPU in slot 5 is now GPU4 and still sits by NIC7.
    let gpu4 = topo.stdout.lines().nth(5).unwrap();
    assert!(gpu4.starts_with("GPU4\tNV18"));
    assert_eq!(gpu4.split('\t').position(|f| f == "PIX"), Some(8 + 7));
}

#[test]
fn no_gpu_at_all_is_no_devices_found() {
    let mut node = NodeHealth::dgx_h100("node-3", BOOT, 3);
    node.gpus.clear();
    let out = nvidia_smi(&node, FAILURE);
    assert_eq!(
        (out.stderr.as_str(), out.exit),
        ("No devices were found\n", 6)
    );
}

#[test]
fn list_gpus_matches_the_reference_line() {
    let mut node = NodeHealth::dgx_h100("node-1", 0, 1);
    node.gpus[0].uuid = "GPU-b42dd28e-ffdd-8720-1df0-98bd8cdc05b1".to_owned();
    let out = nvidia_smi_command(&node, &words("-L"), 10);
    let got = lines(&out.stdout);
    assert_eq!(
        got[0],
        "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-b42dd28e-ffdd-8720-1df0-98bd8cdc05b1)"
    );
    assert_eq!(got.len(), 8);
    assert!(got[7].starts_with("GPU 7: NVIDIA H100 80GB HBM3 (UUID: GPU-"));
    assert_eq!(nvidia_smi_command(&node, &words("--list-gpus"), 10), out);
}

#[test]
fn topo_matches_the_reference_matrix() {
    let node = NodeHealth::dgx_h100("node-1", 0, 1);
    let out = nvidia_smi_command(&node, &words("topo -m"), 10);
    let expected_head = [
        "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tNIC0\tNIC1\tNIC2\tNIC3\tNIC4\tNIC5\tNIC6\tNIC7\tNIC8\tNIC9\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
        "GPU0\t X \tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tPIX\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\t0-55,112-167\t0\t\tN/A",
        "GPU1\tNV18\t X \tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tSYS\tPIX\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\t0-55,112-167\t0\t\tN/A",
        "GPU2\tNV18\tNV18\t X \tNV18\tNV18\tNV18\tNV18\tNV18\tSYS\tSYS\tPIX\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\t0-55,112-167\t0\t\tN/A",
        "GPU3\tNV18\tNV18\tNV18\t X \tNV18\tNV18\tNV18\tNV18\tSYS\tSYS\tSYS\tSYS\tSYS\tPIX\tSYS\tSYS\tSYS\tSYS\t0-55,112-167\t0\t\tN/A",
        "GPU4\tNV18\tNV18\tNV18\tNV18\t X \tNV18\tNV18\tNV18\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tPIX\tSYS\tSYS\tSYS\t56-111,168-223\t1\t\tN/A",
        "GPU5\tNV18\tNV18\tNV18\tNV18\tNV18\t X \tNV18\tNV18\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tPIX\tSYS\tSYS\t56-111,168-223\t1\t\tN/A",
        "GPU6\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\t X \tNV18\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tPIX\tSYS\t56-111,168-223\t1\t\tN/A",
        "GPU7\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\t X \tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tPIX\t56-111,168-223\t1\t\tN/A",
        "NIC0\tPIX\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\t X \tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\t\t\t\t",
    ];
    let expected_legend = [
        "",
        "Legend:",
        "",
        "  X    = Self",
        "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)",
        "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node",
        "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)",
        "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)",
        "  PIX  = Connection traversing at most a single PCIe bridge",
        "  NV#  = Connection traversing a bonded set of # NVLinks",
        "",
        "NIC Legend:",
        "",
        "  NIC0: mlx5_0",
        "  NIC1: mlx5_1",
    ];
    let got = lines(&out.stdout);
    assert_eq!(got[..10], expected_head);
    // NIC1-NIC9 mirror NIC0: PIX under their GPU, X on themselves.
    assert_eq!(
        got[10],
        "NIC1\tSYS\tPIX\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\t X \tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\tSYS\t\t\t\t"
    );
    assert!(!got[12].contains("PIX"), "NIC3 serves no GPU");
    assert_eq!(got[19..34], expected_legend);
    assert_eq!(got[34], "  NIC2: mlx5_2");
    assert_eq!(got[41], "  NIC9: mlx5_9");
    assert_eq!(got.len(), 42);
}

#[test]
fn other_arguments_are_refused() {
    let node = NodeHealth::dgx_h100("node-1", 0, 1);
    let out = nvidia_smi_command(&node, &words("--bogus"), 10);
    assert_eq!(
        out.stdout,
        "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n"
    );
    assert_eq!(out.exit, 2);
    let help = nvidia_smi_command(&node, &words("-h"), 10);
    assert!(help.stdout.contains("topo -m") && help.exit == 0);
    assert_eq!(nvidia_smi_command(&node, &[], 10), nvidia_smi(&node, 10));
}

#[test]
fn uncorrectable_ecc_errors_are_counted_in_their_column() {
    let mut node = NodeHealth::dgx_h100("node-2", 0, 2);
    node.record_xid(0, XidEvent::new(50, Xid::DoubleBitEcc))
        .unwrap();
    node.record_xid(0, XidEvent::new(60, Xid::RowRemapPending))
        .unwrap();
    node.record_xid(0, XidEvent::new(500, Xid::ContainedEcc))
        .unwrap();
    let at = |now| lines(&nvidia_smi(&node, now).stdout)[8].to_owned();
    assert!(at(40).ends_with("|                    0 |"));
    assert!(at(100).ends_with("|                    1 |"));
    assert!(at(600).ends_with("|                    2 |"));
}

#[test]
fn query_gpu_prints_csv_with_units_as_real_pastes_do() {
    let mut node = NodeHealth::dgx_h100("node-2", AUG_5 - 3600, 2);
    node.processes.push(GpuProcess {
        gpu: 1,
        pid: 3_375_096,
        name: "/usr/bin/python3".to_owned(),
        used_mib: 71_234,
    });
    let query = |args: &str| nvidia_smi_command(&node, &words(args), AUG_5);
    let out = query(
        "--query-gpu=index,name,memory.total,memory.used,memory.free,fan.speed,temperature.gpu --format=csv",
    );
    let got = lines(&out.stdout);
    assert_eq!(
        got[0],
        "index, name, memory.total [MiB], memory.used [MiB], memory.free [MiB], fan.speed [%], temperature.gpu"
    );
    // Reserved memory is neither used nor free; an SXM GPU has no fan.
    assert!(
        got[1].starts_with("0, NVIDIA H100 80GB HBM3, 81559 MiB, 0 MiB, 81080 MiB, [N/A], "),
        "{}",
        got[1]
    );
    assert!(
        got[2].starts_with("1, NVIDIA H100 80GB HBM3, 81559 MiB, 71234 MiB, 9846 MiB, [N/A], "),
        "{}",
        got[2]
    );
    assert_eq!(got.len(), 9);
    // Watts carry two decimals, and the table's whole watts are the same draw.
    let draw = query("--query-gpu=power.draw,power.limit --format=csv,noheader");
    let first = lines(&draw.stdout)[0].to_owned();
    let table = nvidia_smi(&node, AUG_5);
    let (_, watts, _, _) = numbers(lines(&table.stdout)[9]);
    assert!(
        first.starts_with(&format!("{watts}.")),
        "{first} vs {watts}W"
    );
    assert!(first.ends_with(" W, 700.00 W"), "{first}");
    assert_eq!(
        query("-i 1 --query-gpu=index,memory.used,pstate --format=csv,noheader,nounits").stdout,
        "1, 71234, P0\n"
    );
    assert_eq!(
        query("--id=7 --query-gpu uuid,pci.bus_id --format csv,nounits").stdout,
        format!(
            "uuid, pci.bus_id\n{}, 00000000:DB:00.0\n",
            node.gpus[7].uuid
        )
    );
}

#[test]
fn query_gpu_refuses_what_nvidia_smi_refuses() {
    let node = NodeHealth::dgx_h100("node-1", 0, 1);
    let query = |args: &str| {
        let out = nvidia_smi_command(&node, &words(args), 10);
        (out.stdout, out.stderr, out.exit)
    };
    assert_eq!(
        query("--query-gpu=name,gpu_temp --format=csv"),
        (
            "Field \"gpu_temp\" is not a valid field to query.\n\n".to_owned(),
            String::new(),
            2
        )
    );
    assert_eq!(
        query("--query-gpu=name --format=csv,noheaders").0,
        "ERROR: Option noheaders is not recognized. Please run 'nvidia-smi -h' for help.\n"
    );
    let invalid = "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n";
    for args in [
        "--query-gpu=name",
        "--query-gpu=name --format",
        "--query-gpu=name --format=csv -L",
    ] {
        assert_eq!(
            query(args),
            (invalid.to_owned(), String::new(), 2),
            "{args}"
        );
    }
    assert_eq!(
        query("-i 8 --query-gpu=name --format=csv"),
        (String::new(), "No devices were found\n".to_owned(), 6)
    );
}
