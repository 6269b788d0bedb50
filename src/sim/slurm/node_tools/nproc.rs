//! `nproc` as GNU coreutils 9.1 prints it: the processing units the
//! process may run on (its CPU affinity, which a job's cgroup and
//! binding set), `--all` the node's, `--ignore=N` fewer but never under
//! one; `OMP_NUM_THREADS` and `OMP_THREAD_LIMIT` as gnulib's
//! `num_processors` reads them. Pure.

use crate::sorted::SortedMap;

use super::ToolOutput;

/// The CPUs a process may run on, and those its node has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuView {
    /// In its affinity mask.
    pub usable: u32,
    /// Online on the node (`--all`).
    pub online: u32,
}

/// The login node, which no slurm.conf describes: 16 CPUs, a common size
/// for the machine users log in to, its processes bound to none.
pub const LOGIN_CPUS: CpuView = CpuView {
    usable: 16,
    online: 16,
};

const TRY: &str = "Try 'nproc --help' for more information.\n";

const HELP: &str = "\
Usage: nproc [OPTION]...
Print the number of processing units available to the current process,
which may be less than the number of online processors

      --all       print the number of installed processors
      --ignore=N  if possible, exclude N processing units
      --help        display this help and exit
      --version     output version information and exit
";

const VERSION: &str = "nproc (GNU coreutils) 9.1\n";

/// A refusal: the message, then where to read more.
fn refused(message: &str) -> ToolOutput {
    ToolOutput {
        stderr: format!("nproc: {message}\n{TRY}"),
        exit: 1,
        ..ToolOutput::default()
    }
}

/// The first count of an `OMP_*` value (`4`, ` 4 ,2`), as gnulib's
/// `parse_omp_threads` reads it; 0 when it is not one.
fn omp_count(value: Option<&String>) -> u64 {
    let Some(text) = value else { return 0 };
    let text = text.trim_start();
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let rest = text[end..].trim_start();
    if end == 0 || !(rest.is_empty() || rest.starts_with(',')) {
        return 0;
    }
    text[..end].parse().unwrap_or(u64::MAX)
}

/// The long options, for getopt_long's unambiguous prefixes.
const LONG: [&str; 4] = ["all", "ignore", "help", "version"];

/// Runs `nproc` with `args` in the environment `env`, on `view`.
pub fn nproc(args: &[String], env: &SortedMap<String, String>, view: CpuView) -> ToolOutput {
    let (mut all, mut ignore) = (false, 0u64);
    let mut operands = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word == "--" {
            operands.extend(words.by_ref());
            break;
        }
        let Some(long) = word.strip_prefix("--") else {
            match word.strip_prefix('-').and_then(|s| s.chars().next()) {
                Some(c) => return refused(&format!("invalid option -- '{c}'")),
                None => {
                    operands.push(word);
                    continue;
                }
            }
        };
        let (name, value) = match long.split_once('=') {
            Some((n, v)) => (n, Some(v.to_owned())),
            None => (long, None),
        };
        let matches: Vec<&str> = LONG
            .iter()
            .copied()
            .filter(|o| o.starts_with(name))
            .collect();
        let option = match matches.as_slice() {
            [one] => *one,
            _ if LONG.contains(&name) => name,
            [] => return refused(&format!("unrecognized option '{word}'")),
            _ => {
                let all: Vec<String> = matches.iter().map(|m| format!("'--{m}'")).collect();
                return refused(&format!(
                    "option '{word}' is ambiguous; possibilities: {}",
                    all.join(" ")
                ));
            }
        };
        match (option, value) {
            ("ignore", value) => {
                let Some(n) = value.or_else(|| words.next().cloned()) else {
                    return refused("option '--ignore' requires an argument");
                };
                let digits = n.trim_start().trim_start_matches('+');
                match digits.parse::<u64>() {
                    Ok(v) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                        ignore = v;
                    }
                    _ => {
                        return ToolOutput {
                            stderr: format!("nproc: invalid number: '{n}'\n"),
                            exit: 1,
                            ..ToolOutput::default()
                        };
                    }
                }
            }
            (other, Some(_)) => {
                return refused(&format!("option '--{other}' doesn't allow an argument"));
            }
            ("all", None) => all = true,
            ("help", None) => {
                return ToolOutput {
                    stdout: HELP.to_owned(),
                    ..ToolOutput::default()
                };
            }
            _ => {
                return ToolOutput {
                    stdout: VERSION.to_owned(),
                    ..ToolOutput::default()
                };
            }
        }
    }
    if let Some(extra) = operands.first() {
        return refused(&format!("extra operand '{extra}'"));
    }
    let count = if all {
        u64::from(view.online)
    } else {
        let limit = match omp_count(env.get("OMP_THREAD_LIMIT")) {
            0 => u64::MAX,
            n => n,
        };
        match omp_count(env.get("OMP_NUM_THREADS")) {
            0 => u64::from(view.usable).min(limit),
            n => n.min(limit),
        }
    };
    let count = if ignore < count { count - ignore } else { 1 };
    ToolOutput {
        stdout: format!("{count}\n"),
        ..ToolOutput::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str, env: &[(&str, &str)]) -> (String, String, i32) {
        let args: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        let env = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let view = CpuView {
            usable: 4,
            online: 64,
        };
        let out = nproc(&args, &env, view);
        (out.stdout, out.stderr, out.exit)
    }

    #[test]
    fn counts_the_affinity_the_node_and_what_openmp_says() {
        let ok = |text: &str| (format!("{text}\n"), String::new(), 0);
        assert_eq!(run("", &[]), ok("4"));
        assert_eq!(run("--all", &[]), ok("64"));
        assert_eq!(run("--al --ignore=1", &[]), ok("63"));
        assert_eq!(run("--ignore 9", &[]), ok("1"));
        assert_eq!(run("", &[("OMP_NUM_THREADS", "8")]), ok("8"));
        assert_eq!(run("", &[("OMP_NUM_THREADS", " 2,4")]), ok("2"));
        assert_eq!(run("", &[("OMP_NUM_THREADS", "x")]), ok("4"));
        assert_eq!(run("", &[("OMP_THREAD_LIMIT", "3")]), ok("3"));
        assert_eq!(
            run("", &[("OMP_NUM_THREADS", "8"), ("OMP_THREAD_LIMIT", "6")]),
            ok("6")
        );
        // --all is the hardware's, whatever OpenMP says.
        assert_eq!(run("--all", &[("OMP_NUM_THREADS", "8")]), ok("64"));
    }

    #[test]
    fn refuses_as_coreutils_does() {
        let refused = |text: &str| (String::new(), format!("nproc: {text}\n{TRY}"), 1);
        assert_eq!(run("x", &[]), refused("extra operand 'x'"));
        assert_eq!(run("-a", &[]), refused("invalid option -- 'a'"));
        assert_eq!(run("--cpus", &[]), refused("unrecognized option '--cpus'"));
        assert_eq!(
            run("--ignore", &[]),
            refused("option '--ignore' requires an argument")
        );
        assert_eq!(
            run("--all=2", &[]),
            refused("option '--all' doesn't allow an argument")
        );
        assert_eq!(
            run("--ignore=z", &[]),
            (String::new(), "nproc: invalid number: 'z'\n".to_owned(), 1)
        );
        assert!(run("--help", &[]).0.starts_with("Usage: nproc"));
        assert_eq!(run("--vers", &[]).0, VERSION);
    }
}
