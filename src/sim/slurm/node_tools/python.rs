//! `python` and `python3` as programs: where they are installed, which one
//! a `PATH` finds, and what CPython 3 prints without running any code
//! (`--version`, `--help`, a script that is not there, a wrong option).
//! A script or `-c`/`-m` is the user's own work, which the simulation
//! does not interpret: in a job it runs until the time limit.
//!
//! The cluster has Debian 12's `/usr/bin/python3` (3.11.2), with
//! `python-is-python3` as clusters install it (so `/usr/bin/python` too),
//! and the Lmod modules `python/3.10` and `python/3.11`, whose `bin` holds
//! both names. The modules' patch releases (3.10.14, 3.11.9) are the
//! model's choice.

use super::ToolOutput;

/// Each installation: its `bin` directory (holding `python` and
/// `python3`) and its version.
const INSTALLS: [(&str, &str); 3] = [
    ("/opt/apps/python/3.10/bin", "3.10.14"),
    ("/opt/apps/python/3.11/bin", "3.11.9"),
    ("/usr/bin", "3.11.2"),
];

/// The directories that hold `python` and `python3`.
pub const PYTHON_DIRS: [&str; 3] = [INSTALLS[0].0, INSTALLS[1].0, INSTALLS[2].0];

/// Whether `name` (a path's last part) is one of the interpreters.
pub fn is_python(name: &str) -> bool {
    matches!(name, "python" | "python3")
}

/// The version of the interpreter `program` that `path` finds (a path
/// names its own directory); `None` where there is none.
pub fn python_found(program: &str, path: &str) -> Option<&'static str> {
    let (dir, name) = match program.rsplit_once('/') {
        Some((dir, name)) => (Some(dir), name),
        None => (None, program),
    };
    let holds = |entry: &str, (at, _): &(&str, &str)| {
        let entry = entry.trim_end_matches('/');
        entry == *at || (*at == "/usr/bin" && entry == "/bin")
    };
    if !is_python(name) {
        return None;
    }
    let found = match dir {
        Some(dir) => INSTALLS.iter().find(|i| holds(dir, i)),
        None => path
            .split(':')
            .find_map(|entry| INSTALLS.iter().find(|i| holds(entry, i))),
    };
    found.map(|(_, version)| *version)
}

/// Options that take no value (`c`, `m`, `W` and `X` take one).
const FLAGS: &str = "bBdEhiIOPqsSuvVx?";

/// What `python ARGS` (the interpreter `version`, called as `program`,
/// in `cwd`) prints without running code; `None` when it runs the user's
/// own work (a script that is there, `-c`, `-m`, or standard input).
pub fn python_answer(
    program: &str,
    version: &str,
    args: &[String],
    cwd: &str,
    exists: impl Fn(&str) -> bool,
) -> Option<ToolOutput> {
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--version" => return Some(ToolOutput::lines(&[format!("Python {version}")])),
            "--help" => return Some(help(program)),
            "--" => break,
            "-" => return None,
            "--check-hash-based-pycs" => {
                rest.next()?;
                continue;
            }
            long if long.starts_with("--") => return Some(unknown(program, long)),
            _ => {}
        }
        let Some(letters) = arg.strip_prefix('-') else {
            return script(program, arg, cwd, &exists);
        };
        for (i, letter) in letters.char_indices() {
            match letter {
                'V' => return Some(ToolOutput::lines(&[format!("Python {version}")])),
                'h' | '?' => return Some(help(program)),
                // A value glued on (`-cprint(1)`) or the next word.
                'c' | 'm' => return None,
                'W' | 'X' if i + 1 < letters.len() => break,
                'W' | 'X' => {
                    if rest.next().is_none() {
                        return Some(needs_value(program, letter));
                    }
                    break;
                }
                _ if FLAGS.contains(letter) => {}
                _ => return Some(unknown(program, &format!("-{letter}"))),
            }
        }
    }
    match rest.next() {
        Some(file) => script(program, file, cwd, &exists),
        None => None,
    }
}

/// A script to run: the user's work when it is there, CPython's refusal
/// (with the name made absolute, as 3.10 and later print it) when not.
fn script(
    program: &str,
    file: &str,
    cwd: &str,
    exists: &impl Fn(&str) -> bool,
) -> Option<ToolOutput> {
    let path = if file.starts_with('/') {
        file.to_owned()
    } else {
        format!("{}/{file}", cwd.trim_end_matches('/'))
    };
    if exists(&path) {
        return None;
    }
    Some(ToolOutput::error(
        format!("{program}: can't open file '{path}': [Errno 2] No such file or directory\n"),
        2,
    ))
}

/// CPython's usage lines after a wrong option.
fn usage(program: &str, first: String) -> ToolOutput {
    ToolOutput::error(
        format!(
            "{first}\nusage: {program} [option] ... [-c cmd | -m mod | file | -] [arg] ...\n\
             Try `python -h' for more information.\n"
        ),
        2,
    )
}

fn unknown(program: &str, option: &str) -> ToolOutput {
    usage(program, format!("Unknown option: {option}"))
}

fn needs_value(program: &str, letter: char) -> ToolOutput {
    usage(
        program,
        format!("Argument expected for the -{letter} option"),
    )
}

/// `--help`, in our own words: what the simulated interpreter does.
fn help(program: &str) -> ToolOutput {
    let text = format!(
        "usage: {program} [option] ... [-c cmd | -m mod | file | -] [arg] ...\n\
         The simulated interpreter prints its version (-V, --version) and\n\
         refuses a script that is not there; a script, -c or -m is your own\n\
         work, which runs in a job (srun, sbatch) until the job's time limit.\n"
    );
    ToolOutput {
        stdout: text,
        stderr: String::new(),
        exit: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: &str = "/usr/local/bin:/usr/bin:/bin";
    const LOADED: &str = "/opt/apps/python/3.10/bin:/usr/bin:/bin";

    fn answer(args: &[&str], exists: bool) -> Option<(String, String, i32)> {
        let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
        python_answer("python3", "3.11.2", &args, "/home/alice", |_| exists)
            .map(|o| (o.stdout, o.stderr, o.exit))
    }

    #[test]
    fn the_path_finds_debians_python3_or_a_modules() {
        assert_eq!(python_found("python3", PATH), Some("3.11.2"));
        assert_eq!(
            python_found("python", PATH),
            Some("3.11.2"),
            "python-is-python3"
        );
        assert_eq!(python_found("python", LOADED), Some("3.10.14"));
        assert_eq!(python_found("python3", LOADED), Some("3.10.14"));
        assert_eq!(python_found("/bin/python3", ""), Some("3.11.2"));
        assert_eq!(
            python_found("/opt/apps/python/3.11/bin/python", ""),
            Some("3.11.9")
        );
        assert_eq!(python_found("/usr/local/bin/python", PATH), None);
        assert_eq!(python_found("python3", ""), None);
        assert_eq!(python_found("perl", PATH), None);
    }

    #[test]
    fn versions_and_help_print_without_running_code() {
        let version = Some(("Python 3.11.2\n".to_owned(), String::new(), 0));
        assert_eq!(answer(&["--version"], false), version);
        assert_eq!(answer(&["-V"], false), version);
        assert_eq!(answer(&["-uV", "train.py"], false), version);
        assert!(
            answer(&["-h"], false).is_some_and(|(out, _, _)| out.starts_with("usage: python3"))
        );
    }

    #[test]
    fn a_missing_script_is_refused_with_its_absolute_name() {
        assert_eq!(
            answer(&["-u", "train.py", "--lr", "3"], false),
            Some((
                String::new(),
                "python3: can't open file '/home/alice/train.py': [Errno 2] No such file or directory\n"
                    .to_owned(),
                2
            ))
        );
        assert_eq!(
            answer(&["train.py"], true),
            None,
            "a script there is the user's work"
        );
        assert_eq!(answer(&["-c", "import torch"], false), None);
        assert_eq!(answer(&["-m", "torch.distributed.run"], false), None);
        assert_eq!(answer(&[], false), None, "standard input");
    }

    #[test]
    fn wrong_options_get_cpythons_usage() {
        let (_, err, exit) = answer(&["-Z"], false).unwrap_or_default();
        assert_eq!(exit, 2);
        assert!(
            err.starts_with("Unknown option: -Z\nusage: python3 [option]"),
            "{err}"
        );
        let (_, err, _) = answer(&["-W"], false).unwrap_or_default();
        assert!(
            err.starts_with("Argument expected for the -W option\n"),
            "{err}"
        );
        let (_, err, _) = answer(&["--bogus"], false).unwrap_or_default();
        assert!(err.starts_with("Unknown option: --bogus\n"), "{err}");
    }
}
