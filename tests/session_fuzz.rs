//! A seeded fuzz of the learner's whole session (terminal, shell, cluster
//! and node tools): at least 100,000 random and adversarial lines, typed,
//! tab-completed and interrupted, with the clock moving between them. No
//! line may panic, the scrollback stays bounded, the shell's clock follows
//! the cluster's, and at the end of each session `squeue` and `sinfo`
//! still answer as they should.
#![cfg(not(target_arch = "wasm32"))]

use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use gpu_book::sim::slurm::cluster::Cluster;
use gpu_book::sim::slurm::lab::{Lab, LabError, LabId};
use gpu_book::sim::slurm::session::Session;
use gpu_book::sim::slurm::shell::{HISTORY_SIZE, MAX_OUTPUT, Outcome};
use gpu_book::sim::slurm::terminal::MAX_LINES;

/// Lines thrown at the sessions, all together.
const LINES: usize = 100_000;
/// Lines per session before a fresh one starts: long enough for a queue
/// to build up, short enough that one session's jobs keep every line cheap.
const LINES_PER_SESSION: usize = 250;
/// The longest `sleep` or `advance` generated, so a session spans days
/// rather than weeks of simulated time (every simulated minute costs).
const MAX_SLEEP_S: u64 = 3600;

/// splitmix64: a tiny seeded generator, the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const SLURM: [&str; 14] = [
    "sbatch", "srun", "salloc", "squeue", "sinfo", "sacct", "scontrol", "sprio", "sshare",
    "scancel", "sacctmgr", "sreport", "sstat", "seff",
];

const SBATCH_FLAGS: [&str; 41] = [
    "-N",
    "--export",
    "-n",
    "-c",
    "--mem",
    "--gpus",
    "--gpus-per-node",
    "-t",
    "-p",
    "-J",
    "-A",
    "--qos",
    "--wrap",
    "--array",
    "--dependency",
    "-H",
    "-w",
    "-x",
    "--parsable",
    "--test-only",
    "-o",
    "-e",
    "--nice",
    "--gres",
    "-D",
    "--mail-type",
    "--comment",
    "--signal",
    "--open-mode",
    "--gpu-bind",
    "--tasks-per-node",
    "-C",
    "--gpus-per-task",
    "--cpus-per-gpu",
    "--begin",
    "-m",
    "--mem-per-gpu",
    "--mem-per-cpu",
    "--reservation",
    "--priority",
    "--jobid",
];

/// Values for options: plausible, off by a little, and hostile.
const VALUES: [&str; 83] = [
    "cyclic",
    "plane=2",
    "now+1hour",
    "teatime",
    "B:USR1@90",
    "END,FAIL",
    "a100|nvlink",
    "1",
    "0",
    "-1",
    "2",
    "4",
    "8",
    "9",
    "64",
    "65",
    "999999999999999999999999",
    "-9223372036854775808",
    "18446744073709551616",
    "4294967295",
    "4294967296",
    "1-4",
    "0-0",
    "4-1",
    "1-99999999",
    "1-1000000%0",
    "1,2,,3",
    "1-10:0",
    "1-10:-3",
    "1-10%2",
    "gpu",
    "debug",
    "nope",
    "gpu,debug",
    "team-a",
    "team-b",
    "team-zz",
    "normal",
    "high",
    "512000",
    "512001",
    "4G",
    "1T",
    "0M",
    "-4G",
    "1e9",
    "10",
    "1:00",
    "00:00:00",
    "7-00:00:01",
    "2-3",
    "UNLIMITED",
    "infinite",
    "1:2:3:4",
    "node-1",
    "node-[1-4]",
    "node-[1-99999999]",
    "node-[",
    "node-]",
    "node-[4-1]",
    "node-[1-2,3-]",
    "node-[01-004]",
    "gpu:8",
    "gpu:h100:9",
    "afterok:1",
    "singleton",
    "1_[2-3,5]",
    "1_*",
    "afterany:99999999999",
    "singleton",
    "afterok:1?afternotok:2",
    "ñoño-🚀",
    "\u{202e}evil",
    "",
    "ALL",
    "none",
    "NIL",
    "ALL,FOO=1",
    "FOO,BAR=x,PATH",
    "NONE,FOO",
    "A='b,c\"",
    "\"X=1,2\",,",
    "=,ALL,",
];

const WORDS: [&str; 84] = [
    "hostname",
    "sed",
    "s/a*/&&/g",
    "sort",
    "uniq",
    "cut",
    "tr",
    "awk",
    "xargs",
    "-k2n",
    "{print $1}",
    "nvidia-smi",
    "all_reduce_perf",
    "sleep",
    "60",
    "job.sh",
    "f",
    "*",
    "~",
    "/",
    "..",
    "$HOME",
    "$?",
    "${x:-y}",
    "$((1+",
    "((",
    "${x/",
    "${x:1",
    "[a-",
    "))",
    "i++",
    "let",
    "a=(",
    "a[-1]=",
    "${a[@]",
    "${!a[*]}",
    "${a[i]:1}",
    "unset a[0]",
    "${!x}",
    "readonly",
    "declare -a",
    "local -r x=(",
    "typeset -p",
    "declare +x",
    "trap 'echo t' EXIT",
    "trap 'false' ERR",
    "mktemp",
    "eval",
    "getopts ':n:g' o",
    "$OPTIND",
    "$SECONDS",
    "realpath -m",
    "=~ ^(a|b c)$",
    "${BASH_REMATCH[1]}",
    "${a[$(echo 1)]}",
    "tac",
    "rev",
    "-d",
    "${x y}",
    "`date`",
    "$(ls)",
    "\"",
    "'",
    "\\",
    "|",
    ";",
    "&&",
    "||",
    "&",
    ">",
    ">>",
    "<",
    "2>&1",
    "<<",
    "(",
    ")",
    "{",
    "}",
    "#",
    "!",
    "=",
    "\t",
    "🚀",
    "é",
];

/// Ids for scancel, scontrol, squeue -j, sacct -j, sprio -j.
fn job_id(rng: &mut Rng) -> String {
    match rng.below(13) {
        10 => format!("[{}-{}] 3_[0-2,5:2]", 1 + rng.below(9), 1 + rng.below(20)),
        11 => "JobName=wrap Name= 2_[1-99999]".to_owned(),
        12 => "3_*,4_[2 5+1".to_owned(),
        0 => "-1".to_owned(),
        1 => "99999999999999999999".to_owned(),
        2 => "4294967296".to_owned(),
        3 => format!("{}_{}", 1 + rng.below(20), rng.below(12)),
        4 => format!("{}_[1-3]", 1 + rng.below(20)),
        5 => format!("{}.batch", 1 + rng.below(20)),
        6 => "1,2,,x".to_owned(),
        7 => "0".to_owned(),
        _ => (1 + rng.below(40)).to_string(),
    }
}

fn value(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => job_id(rng),
        1 => rng.next().to_string(),
        2 => format!("{}", rng.next() as i64),
        _ => rng.pick(&VALUES).to_owned(),
    }
}

/// An option of `command`, from its real list or made up, with or
/// without a value, glued with `=` or as the next word.
fn option(rng: &mut Rng, command: &str) -> String {
    let known = Cluster::command_options(command);
    let name = match rng.below(6) {
        0 => format!("-{}", rng.pick(&["-", "Z", "-nope", "--", "-=", "h"])),
        _ if known.is_empty() => "-v".to_owned(),
        _ => known[rng.below(known.len() as u64) as usize].clone(),
    };
    match rng.below(4) {
        0 => name,
        1 if name.starts_with("--") => format!("{name}={}", word(rng)),
        _ => format!("{name} {}", word(rng)),
    }
}

/// A [`value`] as a shell word.
fn word(rng: &mut Rng) -> String {
    let text = value(rng);
    quoted(rng, &text)
}

/// `text` as a shell word: bare, quoted, or left with an open quote.
fn quoted(rng: &mut Rng, text: &str) -> String {
    match rng.below(10) {
        0 => format!("'{text}'"),
        1 => format!("\"{text}\""),
        2 => format!("\"{text}"),
        _ if text.is_empty() => "''".to_owned(),
        _ => text.to_owned(),
    }
}

fn slurm_command(rng: &mut Rng) -> String {
    let command = rng.pick(&SLURM);
    // Now and then through sudo, with its options, allowed or not.
    let mut line = if rng.chance(15) {
        let how = rng.pick(&["", "-n ", "-u root ", "-u bob ", "-l ", "-i ", "-Z "]);
        format!("sudo {how}{command}")
    } else {
        command.to_owned()
    };
    match command {
        "sacctmgr" => {
            let verb = rng.pick(&["show", "list", "add", "modify", "delete", "bogus", ""]);
            let what = rng.pick(&[
                "assoc", "user", "account", "qos", "cluster", "tres", "tr", "resv", "wckey",
                "runaway", "events", "",
            ]);
            let cond = rng.pick(&[
                "tree",
                "where",
                "user=alice",
                "format=user%3,qos",
                "name=",
                "team-b set fairshare=50",
                "where name=bob set fairshare=x",
                "carol account=team-b fairshare=2",
                "team-c parent=team-a",
                "team-a",
                "wolimits format=nodecount,controlh,rpc,clusternodes",
                "gres type=cpu ids=1,1001,x",
            ]);
            let flag = rng.pick(&["", "-i ", "-r "]);
            let _ = write!(line, " {flag}{verb} {what} {cond} {}", word(rng));
        }
        "sstat" => {
            let step = rng.pick(&["", ".0", ".batch", ".x", "_1"]);
            let flags = rng.pick(&["", "-a ", "-P ", "-n -o jobid,avecpu,maxrss ", "-o bogus "]);
            let _ = write!(line, " {flags}-j {}{step}", job_id(rng));
        }
        "sreport" => {
            let unit = rng.pick(&[
                "",
                "-t percent ",
                "-t MinPer ",
                "-t secper ",
                "-t x ",
                "-P ",
            ]);
            let report = rng.pick(&[
                "cluster utilization",
                "cluster ut",
                "cluster AccountUtilizationByUser",
                "cluster ua",
                "cluster uw",
                "cluster WCKeyUtilizationByUser",
                "user top",
                "cluster",
                "cluster x",
                "job sizes",
                "job SizesByWckey",
                "job SizesByAccountAndWcKey",
                "reservation utilization",
                "version",
                "time",
            ]);
            let cond = rng.pick(&[
                "start=2026-11-30",
                "end=now",
                "start=",
                "format=x",
                "format=",
                "format=login%-20,used%3,ac",
                "format=cl,count,tresname,over,res,plan",
                "tree",
                "user=root",
                "wckeys=*",
                "topcount=-1",
                "grouping=individual",
                "grouping=0,-5%3,2",
                "AcctAsParent",
                "FlatView PrintJobCount",
                "jobs=1,2,",
            ]);
            let _ = write!(line, " {unit}{report} {cond} {}", word(rng));
        }
        "scontrol" => {
            let tail = match rng.below(10) {
                8 => format!("top {}", job_id(rng)),
                0 => format!("show job {}", job_id(rng)),
                1 => format!("show node {}", value(rng)),
                2 => "show partition".to_owned(),
                3 => format!("hold {}", job_id(rng)),
                4 => format!("release {}", job_id(rng)),
                5 => format!(
                    "{} {}",
                    rng.pick(&[
                        "requeue",
                        "requeuehold",
                        "requeue Incomplete",
                        "requeue State=SE",
                        "suspend",
                        "resume",
                        "notify",
                        "wait_job",
                        "setdebug"
                    ]),
                    job_id(rng)
                ),
                6 => format!(
                    "update JobId={} {}={}",
                    job_id(rng),
                    rng.pick(&[
                        "TimeLimit",
                        "Dependency",
                        "Nice",
                        "Name",
                        "Comment",
                        "StartTime",
                        "Partition",
                        "ArrayTaskThrottle",
                        "ExcNodeList",
                        "Requeue",
                        "JobName",
                        "Priority",
                        "Account",
                        "QOS"
                    ]),
                    value(rng)
                ),
                7 => format!(
                    "update NodeName={} State={} Reason={}",
                    value(rng),
                    rng.pick(&["DRAIN", "RESUME", "DOWN", "UNDRAIN", "bogus"]),
                    quoted(rng, "fuzz me")
                ),
                _ => value(rng),
            };
            line.push(' ');
            line.push_str(&tail);
        }
        "squeue" | "sinfo" if rng.chance(30) => {
            // Output formats: long names, sizes, suffixes, unknown fields.
            let flag = rng.pick(&["-O ", "--Format=", "-o ", "-h -O ", "-N -O ", "-l -O "]);
            let spec = rng.pick(&[
                "JobID,Name:.8,StateCompact:3|",
                "jobid:-3,bogus:9x,,numtask",
                "NodeList:0,StateLong,CPUsState,GresUsed:.16,AllocMem",
                "Partition:.99999999999999999999,NodeHost:+7",
                "%i %.5! %J %z",
                "name:,:,,",
                "tres-alloc:.4096,stdout:0,pendingtime",
                "Partition,all:5|,NodeList",
                "",
            ]);
            let _ = write!(line, " {flag}'{spec}'");
        }
        "squeue" if rng.chance(25) => {
            // Steps: lists, filters, formats, the lists squeue refuses.
            let step = format!("{}.0", job_id(rng));
            let _ = write!(
                line,
                " {} {}",
                rng.pick(&["-s", "--steps", "--steps=", "-s -j", "-s -h -l"]),
                rng.pick(&[
                    step.as_str(),
                    "1.batch,2_1.0,,..,x.1",
                    "1",
                    "-1.99999999999999999999",
                    "-o '%A|%.3i|%b%N|%y%z'",
                    "-O 'stepid:4,network:3x,numtask,bogus:2|,tres-per-node:1y'",
                    "-S -M,cluster,b,-i,U -u root -p gpu -w node-1",
                    "",
                ])
            );
        }
        "sshare" if rng.chance(25) => {
            let _ = write!(
                line,
                " {}",
                rng.pick(&[
                    "-o a,cl,eff,fair,grptresm,grptresr,id,lev,norms,normu,p,raws,rawu,tresr,u",
                    "-o 'User%-3,%,,Account%0,GrpTRESRaw%x' -o x",
                    "-m -l -a -v -u -1",
                    "-e",
                ])
            );
        }
        "sprio" if rng.chance(25) => {
            // Formats and sorts: every letter, odd pieces, unknown keys.
            let _ = write!(
                line,
                " {}",
                rng.pick(&[
                    "-o '%.15i %9r %.8u %y %Y %S %a %A %b %B %f %F %j %J %p %P %q %Q %N %t %T %c'",
                    "-o 'x%%%.0i%99999999999999999999T%.%5|%'",
                    "-n -l -w",
                    "-S -y,+u,-,c,T -u root,alice,42,nobody",
                    "-S ',-' -j 1_1,2+1",
                    "-vv --sibling -p gpu,debug",
                ])
            );
        }
        "seff" => {
            let flags = rng.pick(&[
                "",
                "-d ",
                "-v ",
                "-h ",
                "-dx ",
                "--help ",
                "--version ",
                "-f ",
            ]);
            let id = match rng.below(4) {
                0 => rng.pick(&["", "x1", "1,2", "99999", "1 2"]).to_owned(),
                _ => job_id(rng),
            };
            let _ = write!(line, " {flags}{id}");
        }
        "sacct" if rng.chance(20) => {
            let fields = rng.pick(&[
                "JobID,TotalCPU,UserCPU,SystemCPU,MaxRSS,AveCPU",
                "jobid,tresusageinmax,tresusageouttot,maxdiskread,avecpufreq",
                "JobID%-20,MinCPU,MinCPUNode,MaxVMSize,ConsumedEnergy",
            ]);
            let units = rng.pick(&["", "--units=M ", "--noconvert ", "-P "]);
            let _ = write!(line, " {units}-o {fields}");
        }
        "scancel" | "sacct" | "sprio" | "squeue" if rng.chance(40) => {
            let flag = if command == "scancel" { "" } else { "-j " };
            let _ = write!(line, " {flag}{}", job_id(rng));
        }
        _ => {}
    }
    for _ in 0..rng.below(5) {
        line.push(' ');
        line.push_str(&option(rng, command));
    }
    if command == "srun" && rng.chance(80) {
        line.push(' ');
        line.push_str(rng.pick(&[
            "hostname",
            "nvidia-smi -L",
            "nvidia-smi --query-gpu=index,memory.used --format=csv,noheader",
            "all_reduce_perf -b 8 -e 1M -f 2 -g 8",
            "sleep 30",
            "dmesg -T",
            "nproc",
            "nproc --all --ignore=2",
            "python --version",
            "python3 -u train.py --lr 3e-4",
            "julia train.jl",
            "nope",
            "--pty bash",
        ]));
    }
    line
}

fn sbatch(rng: &mut Rng) -> String {
    let mut line = "sbatch".to_owned();
    for _ in 0..rng.below(7) {
        let flag = rng.pick(&SBATCH_FLAGS);
        let _ = match flag {
            "-H" | "--parsable" | "--test-only" => write!(line, " {flag}"),
            "--wrap" => {
                let script = format!("sleep {}; hostname", rng.below(MAX_SLEEP_S));
                write!(line, " --wrap={}", quoted(rng, &script))
            }
            _ if flag.starts_with("--") && rng.chance(50) => {
                write!(line, " {flag}={}", word(rng))
            }
            _ => write!(line, " {flag} {}", word(rng)),
        };
    }
    if rng.chance(30) {
        line.push_str(rng.pick(&[" job.sh", " nope.sh", " /", " ''", " job.sh arg1 arg2"]));
    } else if !line.contains("--wrap") {
        let _ = write!(line, " --wrap 'sleep {}'", rng.below(3600));
    }
    line
}

/// A here-document writing `job.sh` (usually), then often its `sbatch`.
fn heredoc(rng: &mut Rng) -> Vec<String> {
    let tag = rng.pick(&["EOF", "'EOF'", "\"EOF\"", "-EOF", "E\u{301}OF"]);
    let mut lines = vec![format!(
        "cat {} {} <<{tag}",
        rng.pick(&[">", ">>", "2>"]),
        rng.pick(&["job.sh", "job.sh", "/etc/passwd", "d/", ""])
    )];
    lines.push(rng.pick(&["#!/bin/bash", "", "#!/bin/sh -x"]).to_owned());
    for _ in 0..rng.below(6) {
        lines.push(match rng.below(6) {
            0 => format!("#SBATCH {} {}", rng.pick(&SBATCH_FLAGS), value(rng)),
            1 => format!(
                "srun {}",
                rng.pick(&[
                    "hostname",
                    "nvidia-smi",
                    "sleep 20",
                    "nproc",
                    "-c 2 nproc",
                    "id"
                ])
            ),
            2 => format!("sleep {}", rng.below(MAX_SLEEP_S)),
            // The job's own bash: substitutions, loops and bash steps.
            3 => rng
                .pick(&[
                    "H=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)",
                    "for i in $(seq 3); do sleep 10; echo $i; done",
                    "srun bash -c 'echo $SLURM_PROCID $(hostname)'",
                    "srun -n1 -w node-2 bash -c 'echo $SLURM_STEP_NODELIST'",
                    "while true; do sleep 600; done",
                    "set -e; false; echo never",
                    "srun --export=NONE,X=1 bash -c 'echo $X ${PATH-}'",
                    "export SLURM_EXPORT_ENV=NONE SBATCH_EXPORT=FOO",
                    // Steps side by side, waited for or not.
                    "srun -n1 --exact sleep 30 &",
                    "srun -N1 --gpus-per-node=1 --exact nvidia-smi -L &",
                    "srun -n1 python train.py & wait $!",
                    "python -V; python missing.py || echo $?",
                    "module load python/3.10 && srun python -c 'import torch'",
                    "srun --overlap hostname & srun hostname &",
                    "(sleep 40; srun hostname) & wait -n; echo $?",
                    "wait",
                    "wait %2 $! 99 -n",
                    // The checkpoint cue before the time limit.
                    "#SBATCH --signal=B:USR1@120",
                    "trap 'echo saving; scontrol requeue $SLURM_JOB_ID; exit 0' USR1",
                    "trap '' USR1; trap 'echo t' TERM",
                    "time srun hostname; TIMEFORMAT='%lR'; time -p sleep 2 | time",
                    "shopt -s nullglob dotglob; c=(ckpt_*.pt *); shopt -s failglob; ls *.none; shopt",
                ])
                .to_owned(),
            4 => format!(
                "salloc -N1 {}",
                rng.pick(&["hostname", "srun hostname", "sleep 5"])
            ),
            _ => soup(rng),
        });
    }
    if rng.chance(90) {
        lines.push(
            tag.trim_matches(|c| c == '\'' || c == '"' || c == '-')
                .to_owned(),
        );
    }
    if rng.chance(60) {
        lines.push(sbatch(rng));
    }
    lines
}

/// Shell metacharacters, quotes, words and Slurm names in random order.
fn soup(rng: &mut Rng) -> String {
    let mut line = String::new();
    for _ in 0..rng.below(12) {
        let piece = match rng.below(5) {
            0 => rng.pick(&SLURM).to_owned(),
            1 => value(rng),
            _ => rng.pick(&WORDS).to_owned(),
        };
        line.push_str(&piece);
        if rng.chance(70) {
            line.push(' ');
        }
    }
    line
}

/// Reserved words, substitutions and builtins of bash's grammar.
const GRAMMAR: [&str; 50] = [
    "if",
    "then",
    "elif",
    "else",
    "fi",
    "for i in",
    "for",
    "do",
    "done",
    "while",
    "until",
    "case $x in",
    "a|*)",
    ";;",
    "esac",
    "{",
    "}",
    "(",
    ")",
    "f()",
    "function g",
    "$(",
    "`",
    "$((",
    "))",
    "[ -f f ]",
    "test 1 -eq",
    "break",
    "continue 2",
    "return",
    "local v=1",
    "shift",
    "read -r l",
    "set -euo pipefail",
    "{a,b}",
    "x{1..3..0}y",
    "printf '%5.2f|%-3s|%x\\n'",
    "printf -v",
    "printf '\\é%b%c\\x4'",
    "[[ -f f && $x == a* ]]",
    "[[ ! ( $n -gt 2 || a < b ) ]]",
    "[[ $x =~ ^a.(",
    "[[",
    "]]",
    "=~",
    "alias sq='squeue --me'",
    "alias l='ls; echo'",
    "unalias -a",
    "watch -n 1 squeue",
    "watch -tx",
];

/// A compound command, function or substitution: well formed with
/// random pieces, or a shuffle of the grammar's words.
fn grammar(rng: &mut Rng) -> String {
    let body = |rng: &mut Rng| soup(rng).replace('&', "");
    match rng.below(8) {
        0 => format!(
            "for i in {}; do {}; done",
            rng.pick(&[
                "$(seq 3)",
                "{1..4}",
                "{a,b}{0..2..1}",
                "{9..1..-3}",
                "{x..z}"
            ]),
            body(rng)
        ),
        1 => format!(
            "if {}; then {}; else {}; fi",
            body(rng),
            body(rng),
            body(rng)
        ),
        2 => format!("f() {{ {}; f; }}; f", body(rng)),
        3 => format!("while {}; do {}; done", rng.pick(&WORDS), body(rng)),
        4 => format!("case {} in *) {};; esac", rng.pick(&WORDS), body(rng)),
        5 => format!(
            "echo $(( {} * {} )) \"$({})\"",
            value(rng),
            value(rng),
            body(rng)
        ),
        // `set -x` would trace the end's check: the line turns it off again.
        6 => format!(
            "set -{} ; {}; set +eux +o pipefail",
            rng.pick(&["e", "u", "x", "o pipefail"]),
            rng.pick(&["false", "echo $unset", "false | true", "hostname", "squeue"])
        ),
        _ => (0..rng.below(10))
            .map(|_| rng.pick(&GRAMMAR))
            .collect::<Vec<_>>()
            .join(if rng.chance(50) { "; " } else { " " }),
    }
}

/// Raw characters: control characters, NULs, multi-byte and unassigned.
fn noise(rng: &mut Rng) -> String {
    (0..rng.below(40))
        .map(|_| match rng.below(6) {
            0 => char::from(rng.below(32) as u8),
            1 => '\0',
            2 => char::from_u32(0x80 + rng.below(0x800) as u32).unwrap_or('?'),
            3 => char::from_u32(0x1f300 + rng.below(0x300) as u32).unwrap_or('?'),
            4 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
            _ => char::from(0x20 + rng.below(95) as u8),
        })
        .collect()
}

/// About 10,000 characters of one kind of trouble.
fn long_line(rng: &mut Rng) -> String {
    let n = 2_000 + rng.below(2_000) as usize;
    match rng.below(6) {
        0 => format!("echo {}", "x ".repeat(n * 2)),
        1 => format!("squeue -j {}", "1,".repeat(n * 2)),
        2 => format!("sbatch -w node-[{}] --wrap true", "1,".repeat(n * 2)),
        3 => "\"$((".repeat(n),
        4 => format!("sinfo -o '{}'", "%N%P%20T".repeat(n / 2)),
        _ => "🚀é\u{0}|".repeat(n),
    }
}

fn ssh(rng: &mut Rng) -> String {
    format!(
        "ssh {} {} {}",
        rng.pick(&[
            "node-1",
            "node-2",
            "node-3",
            "node-4",
            "node-5",
            "node-[1-4]",
            ""
        ]),
        rng.pick(&["nvidia-smi", "dmesg", "hostname", "ls", "nvidia-smi -q", ""]),
        rng.pick(&[
            "",
            "-T",
            "-L",
            "-i 9",
            "-i -1",
            "--query-gpu=name",
            "| grep -i xid",
            "-l"
        ])
    )
}

fn perf(rng: &mut Rng) -> String {
    let sizes = [
        "8",
        "1M",
        "1G",
        "0",
        "-8",
        "16G",
        "1.5k",
        "0x10",
        "99999999999999",
    ];
    format!(
        "srun -N{} all_reduce_perf -b {} -e {} -f {} -g {}",
        rng.pick(&["1", "2", "4", "5", "0"]),
        rng.pick(&sizes),
        rng.pick(&sizes),
        rng.pick(&["2", "1", "0", "-2", "1.0001", "x"]),
        rng.pick(&["8", "1", "0", "9", "-1"])
    )
}

/// One thing a learner might type: a single line or, for a here-document,
/// several.
fn input(rng: &mut Rng) -> Vec<String> {
    let line = match rng.below(100) {
        0..25 => slurm_command(rng),
        25..40 => sbatch(rng),
        40..45 => return heredoc(rng),
        45..60 => soup(rng),
        60..68 => noise(rng),
        68..70 => long_line(rng),
        70..74 => format!("sleep {}", rng.below(MAX_SLEEP_S)),
        74..79 => ssh(rng),
        79..82 => perf(rng),
        82..86 => format!(
            "{} {} {}",
            slurm_command(rng),
            rng.pick(&["|", ";", "&&", "||", ">", "2>&1 |", "| head -n", "| wc -l"]),
            rng.pick(&[
                "wc -l",
                "grep R",
                "grep -n -C1 R",
                "grep -A 99999999999999 -m1 -v R",
                "grep -2o --group-separator= -e R -e PD",
                "grep -B -1 R",
                "grep -1234567890123456789012 --no-group-separator R",
                "cat",
                "f",
                "sort -k2",
                "tail -1",
                "",
                "sort -k2,2nr -u",
                "uniq -c",
                "cut -d' ' -f1,3-",
                "cut -c -4",
                "tr -s ' ' | tr a-z A-Z",
                "awk '{print $1, $NF}'",
                "awk 'NR>1 && $2 ~ /R/ {s+=$1} END {print s, s/NR}'",
                "awk -F: '{print $(NF-1)'",
                "xargs -n1 echo",
                "xargs scancel",
                "xargs -I {} echo '{}'",
                "sed -n '2,$p'",
                "sed -E 's/([0-9]+)/<\\1>/g; /R/d'",
                "sed 's/x/\\2/'",
                "sed -n '/R/{p;q}'",
                "sed '1{s/ /_/g;y/abc/ABC/};$a\\' -e 'end'",
                "sed '2i top\\' -e '}' -e '1c\\'",
                "sed '{{{p}' -e 'y/ab/c/' -e '}}}'",
            ])
        ),
        90..95 => grammar(rng),
        86..90 => rng
            .pick(&[
                "ls",
                "which -a sbatch nvidia-smi ls cd",
                "command -V squeue module if; command -v -x",
                "ls() { echo f; }; command ls; PATH= which ls",
                "type -a squeue cd module; type -tP ls; hash; hash -d ls; hash -r",
                "(PATH=/opt/x; squeue; /usr/bin/sinfo -s; unset PATH; ls)",
                "cat slurm-*.out",
                "cd ..",
                "cd",
                "mkdir d",
                "rm -r *",
                "echo $?",
                "false; echo \"$? $(true) $?\"",
                "timeout 5 sleep 10; echo $?",
                "timeout -v -s KILL 1m bash -c 'sleep 30; echo a; sleep 60'",
                "timeout -k x --preserve-status 0.5 nope",
                "timeout 10 timeout 2 sleep 5 | timeout",
                "find . -name '*.out' -newer job.sh -printf '%f %s %TT\\n' -o -type d -empty -print0",
                "find ~ /nope -maxdepth 2 \\( -size +1k -o -mmin -5 \\) -exec wc -l {} + -exec echo {} \\;",
                "find . -depth -regex '.*\\(out\\|sh\\)' -delete -o -prune , -quit; find -type f,d -iname 'S*'",
                "find . -name \\( ! -o -exec {} + -printf '%Tq%' -size 1.5x -regextype nope",
                "du -ach --si -d 1 ~ /nope . | sort -h; du -sa; du -b0 -m -d x",
                "pushd /tmp; pushd -n x; pushd +1; dirs -v; popd -0; (pushd ~; popd +9); bash -c 'popd; dirs -c'; pushd -; dirs -lp",
                "date -d \"$(date -d '1 hour ago' '+%F %T') 90 min ago\" +%s; date -d 'next fri'; date -d @x; date -d '2024-13-01'",
                // bash started as a command: options, scripts that fail
                // on a line, syntax errors, commands from a pipe.
                "bash --version | head -1; bash --help | wc -l; bash -z; sh --x; bash -o",
                "bash -xeu -o pipefail -c 'f() { nope; }; f; echo $0' me a; bash -c",
                "printf 'echo a\\nfi\\n$(nope)\\n' > s.sh; bash s.sh; source s.sh; ./s.sh",
                "echo 'cd /x; echo $LINENO' | bash -s a b; bash -c 'if true'",
                "salloc -N1 ./nope; salloc -N1 /usr/bin/nope; salloc nope",
                "echo $RANDOM ${f%.*} ${p##*/}; export MASTER_PORT=$((10000 + RANDOM % 20000))",
                // Arithmetic that assigns: ((...)), let, for ((...)).
                "for ((i=0; i<3; i++)); do ((n += i)); done; let m=n*2 k++; echo $n $m $((k--, j = 2#101))",
                "for ((;;)) { ((i++ > 3)) && break; }; ((1/0)); let; for ((i=0;i<2)); do :; done",
                // Slices, replacements, case and bracket patterns.
                "f=a.b.c; echo ${f:1:3} ${f: -2} ${@:2} ${f//./_} ${f/#a/A} ${f^^} ${f,,[A-Z]} ${f:1/0} ${f:2:-9}",
                "case x5 in [a-z][0-9]) echo ok;; esac; ls [!.]* [[:digit:]]; echo ${f//[\\[\\]]}",
                ": ${N:=8} ${1:=x}; echo ${N:?} ${u:?unset} ${u?}; (echo ${v:?no}); echo $(echo ${w:?})",
                "seq -s, 0 3; seq -w 1.5 10; seq -f %03g -1 1; seq -f %d 2; seq 0.1 0.1 1e3; seq -ws: -5 -1 5",
                "history",
                "clear",
                "export SLURM_JOB_ID=1",
                "unset HOME",
                "cd /tmp && ls",
                "touch f; ls -la",
                "grep -r x .",
                "module load cuda/11.8 nccl; echo $PATH",
                "ml -cuda python; module list",
                "module avail 2>&1 | grep -c cuda",
                "module spider nope; module purge; ml",
                "python3 -V; python -Z; python -W; python x.py",
                "cd \"$(dirname $(which sbatch))\"; basename $PWD; basename -s .py a.py b.py",
                "id; id -Gnz bob 0 x; id -ugZ; groups root nobody; srun id -u; echo $UID$EUID",
                "uname -a; uname -snrvmpio; uname -x; uname a; srun -N2 uname -n",
                "man squeue | head -3; man",
                "man sed nope | grep -c sed",
                "ssh node-2",
                "ssh node-1 ls -la; echo x | ssh node-4 grep -c x; ssh node-3 id bob; ssh node-2 sed",
                "srun --pty bash",
                "srun --pty -N1 --gres=gpu:1 /bin/bash -l",
                // Steps cut from an allocation: -N, -n, -w, -x, too many.
                "salloc -N2",
                "srun -N1 hostname",
                "srun -n1 hostname",
                "srun -w node-2 hostname",
                "srun -N1 -w node-2 --pty bash",
                "srun -N1 -x node-1 hostname; srun -x node-1 hostname",
                "srun -N3 hostname; srun -w node-9 -N1 true",
                "squeue -s; sacct -o JobID,NTasks,NNodes,NodeList",
                "srun --pty",
                "srun --pty hostname",
                "scontrol",
                "sacctmgr -n",
                "show partition",
                "ping",
                "quit",
                "echo 'show job 1' | scontrol",
                // sreport at its prompt: settings kept from line to line.
                "sreport",
                "sreport -v -t x",
                "time percent",
                "sort name",
                "parsable2",
                "!!",
                "# note",
                "printf 'sort n\\n!!\\nuser top\\nexit\\n' | sreport -n",
                "exit",
                "logout",
                // Refused at once: a sleep that long would simulate years.
                "sleep 99999999999999999999; squeue",
                "sleep 1; sh -c 'sleep 99999999999999999999'",
            ])
            .to_owned(),
        _ => {
            let mut words = soup(rng);
            words.push_str(&noise(rng));
            words
        }
    };
    vec![line]
}

/// The session's lines so far, printed when something goes wrong.
fn transcript(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| format!("  {:?}\n", l.chars().take(300).collect::<String>()))
        .collect()
}

/// Checks what must hold after any step.
fn check_step(s: &Session, outcome: Option<&Outcome>, lines: &[String]) {
    let screen = s.terminal.lines().len();
    assert!(
        screen <= MAX_LINES,
        "{screen} lines of scrollback after:\n{}",
        transcript(lines)
    );
    assert!(s.terminal.shell.history().len() <= HISTORY_SIZE);
    if let Some(out) = outcome {
        let shown: usize = out.output.iter().map(|c| c.text.len()).sum();
        assert!(
            shown <= MAX_OUTPUT + 4096,
            "{shown} bytes of output after:\n{}",
            transcript(lines)
        );
        let cluster = u64::try_from(s.cluster.now()).unwrap_or(0);
        assert_eq!(
            s.terminal.shell.now(),
            cluster,
            "the shell's clock left the cluster's after:\n{}",
            transcript(lines)
        );
    }
}

/// Checks that the Slurm tools still answer after a session of fuzz.
fn check_end(s: &mut Session, lines: &[String]) {
    s.interrupt("");
    // Options a line left on (`set -x` cut short by a step limit or an
    // error) would trace or stop the check itself.
    s.run_line("set +euxo pipefail");
    let squeue = s.run_line("squeue");
    let text = squeue.transcript();
    assert_eq!(
        squeue.status,
        0,
        "squeue: {text}\nafter:\n{}",
        transcript(lines)
    );
    assert!(
        text.lines()
            .next()
            .is_some_and(|h| h.trim_start().starts_with("JOBID PARTITION")),
        "squeue's header: {text}\nafter:\n{}",
        transcript(lines)
    );
    let live = s
        .cluster
        .jobs()
        .values()
        .filter(|j| !j.state.is_finished())
        .count();
    assert!(text.lines().count() > live.min(1), "squeue lists no job");
    let sinfo = s.run_line("sinfo -N -h");
    assert_eq!(sinfo.status, 0, "sinfo: {}", sinfo.transcript());
    // One line per node and partition (node-1 is in `gpu` and `debug`).
    let rows: usize = s.cluster.partitions().iter().map(|p| p.nodes.len()).sum();
    assert_eq!(
        sinfo.transcript().lines().count(),
        rows,
        "sinfo -N: {}\nafter:\n{}",
        sinfo.transcript(),
        transcript(lines)
    );
}

/// A byte offset for tab completion: anywhere, inside a character, past the end.
fn cursor(rng: &mut Rng, line: &str) -> usize {
    match rng.below(4) {
        0 => line.len(),
        1 => line.len() + 1 + rng.below(8) as usize,
        2 => usize::MAX - rng.below(2) as usize,
        _ => rng.below(line.len() as u64 + 1) as usize,
    }
}

/// Runs one session of `count` lines; returns how many lines it typed
/// and how many jobs its cluster accepted.
fn session(seed: u64, count: usize) -> (usize, usize) {
    let mut rng = Rng(seed);
    // Every fourth session is each lab's night, with its training job.
    let opened = match seed % 4 {
        1 => Lab::open(LabId::FallenOffTheBus, seed).map(|(_, s)| s),
        3 => Lab::open(LabId::SlowLane, seed).map(|(_, s)| s),
        _ => Session::reference(seed).map_err(LabError::from),
    };
    let mut s = match opened {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let mut typed: Vec<String> = Vec::new();
    while typed.len() < count {
        for line in input(&mut rng) {
            typed.push(line.clone());
            let step = catch_unwind(AssertUnwindSafe(|| match rng.below(100) {
                0..82 => Some(s.submit(&line)),
                82..90 => {
                    let at = cursor(&mut rng, &line);
                    let edit = s.complete(&line, at);
                    assert!(edit.cursor <= edit.line.len(), "cursor past the line");
                    assert!(
                        edit.line.is_char_boundary(edit.cursor),
                        "cursor in a character"
                    );
                    None
                }
                90..93 => Some(s.interrupt(&line)),
                93..96 => {
                    s.advance(rng.below(MAX_SLEEP_S));
                    None
                }
                _ => Some(s.run_line(&line)),
            }));
            match step {
                Ok(outcome) => check_step(&s, outcome.as_ref(), &typed),
                Err(_) => panic!(
                    "session seed {seed} panicked on line {}:\n{}",
                    typed.len(),
                    transcript(&typed)
                ),
            }
        }
    }
    check_end(&mut s, &typed);
    (typed.len(), s.cluster.jobs().len())
}

/// A number from the environment, or `default`.
fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `SESSION_FUZZ_SEED` and `SESSION_FUZZ_LINES` explore further than the
/// fixed default run. Sessions are independent, so they are shared out
/// over the machine's cores (session `k` always gets seed + `k`, whichever
/// thread runs it): the same lines as one thread would type, in a fraction
/// of the time on CI's cores.
#[test]
fn a_hundred_thousand_lines_never_break_a_session() {
    let seed = setting("SESSION_FUZZ_SEED", 0x5eed_0000);
    let total = setting("SESSION_FUZZ_LINES", LINES as u64).max(LINES as u64) as usize;
    let sessions = total.div_ceil(LINES_PER_SESSION) as u64;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let start = Instant::now();
    let (lines, jobs) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let (mut lines, mut jobs) = (0, 0);
                    for k in (t..sessions).step_by(threads as usize) {
                        let count = LINES_PER_SESSION.min(total - k as usize * LINES_PER_SESSION);
                        let (typed, accepted) = session(seed.wrapping_add(k), count);
                        lines += typed;
                        jobs += accepted;
                    }
                    (lines, jobs)
                })
            })
            .collect();
        workers
            .into_iter()
            .fold((0, 0), |(l, j), w| match w.join() {
                Ok((typed, accepted)) => (l + typed, j + accepted),
                // The session's own panic message (seed, line, transcript) is
                // already printed; fail the test with it.
                Err(panic) => std::panic::resume_unwind(panic),
            })
    });
    println!(
        "session fuzz: {lines} lines, {sessions} sessions on {threads} threads, {jobs} jobs, {:.1} s (seed {seed:#x})",
        start.elapsed().as_secs_f64()
    );
    assert!(lines >= LINES);
    // The valid-ish commands are valid often enough to fill the queues.
    assert!(jobs as u64 > 2 * sessions, "only {jobs} jobs accepted");
}
