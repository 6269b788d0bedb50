//! Environment modules as Lmod 8 shows them: `module avail`, `load`,
//! `unload`, `list`, `purge` and `spider`, and `ml` for short. A module
//! puts its directories at the front of `PATH` and `LD_LIBRARY_PATH` (and
//! cuda sets `CUDA_HOME`); the loaded modules are listed in
//! `LOADEDMODULES`. All of it is exported shell state, so it reaches
//! `srun` steps and batch scripts as Slurm passes the environment on.
//!
//! In real clusters `module` is a shell function that evaluates what Lmod
//! prints; here it is a builtin that edits the variables itself. Like
//! Lmod, it writes its listings and messages to standard error, which is
//! why `module avail | grep cuda` finds nothing there either.

use super::super::command::Output;
use super::super::exec::Exec;
use super::super::expand::Var;
use crate::sim::slurm::node_tools::{CUDA_VERSION, NCCL_VERSION};

/// The directory `module avail` names as holding the module files.
const MODULE_DIR: &str = "/opt/modulefiles/Core";

/// The terminal width Lmod lays its listings out for.
const WIDTH: usize = 80;

/// The variable listing the loaded modules, in load order.
const LOADED: &str = "LOADEDMODULES";

/// A module file: its name, version and whether it is the name's default.
/// The default cuda and nccl are the versions the nodes' driver and
/// NCCL report (`nvidia-smi`, `NCCL_DEBUG=INFO`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Module {
    name: &'static str,
    version: &'static str,
    default: bool,
}

/// Every module, sorted by name and version.
const MODULES: &[Module] = &[
    file("cuda", "11.8", false),
    file("cuda", "12.2", false),
    file("cuda", CUDA_VERSION, true),
    file("nccl", "2.18.5", false),
    file("nccl", NCCL_VERSION, true),
    file("python", "3.10", false),
    file("python", "3.11", true),
];

const fn file(name: &'static str, version: &'static str, default: bool) -> Module {
    Module {
        name,
        version,
        default,
    }
}

impl Module {
    fn full(&self) -> String {
        format!("{}/{}", self.name, self.version)
    }

    /// Where it is installed.
    fn prefix(&self) -> String {
        match self.name {
            "cuda" => format!("/usr/local/cuda-{}", self.version),
            name => format!("/opt/apps/{name}/{}", self.version),
        }
    }

    /// What it puts in the environment: (variable, directory) pairs for
    /// the path lists, and a variable set to the prefix.
    fn paths(&self) -> [(&'static str, String); 2] {
        let lib = if self.name == "cuda" { "lib64" } else { "lib" };
        [
            ("PATH", format!("{}/bin", self.prefix())),
            ("LD_LIBRARY_PATH", format!("{}/{lib}", self.prefix())),
        ]
    }

    fn home(&self) -> Option<&'static str> {
        (self.name == "cuda").then_some("CUDA_HOME")
    }
}

/// What `module spider NAME` says a name is.
fn description(name: &str) -> &'static str {
    match name {
        "cuda" => "NVIDIA CUDA Toolkit: the nvcc compiler and the CUDA runtime and libraries",
        "nccl" => "NVIDIA Collective Communications Library (NCCL) for multi-GPU collectives",
        _ => "Python programming language interpreter",
    }
}

/// The module `spec` names: `name/version`, or `name` for its default.
fn find(spec: &str) -> Option<Module> {
    MODULES
        .iter()
        .find(|m| m.full() == spec || m.name == spec && m.default)
        .copied()
}

/// The loaded modules, in load order.
fn loaded(exec: &Exec<'_>) -> Vec<Module> {
    let list = exec.shell.var(LOADED);
    list.unwrap_or_default()
        .split(':')
        .filter_map(|full| MODULES.iter().find(|m| m.full() == full).copied())
        .collect()
}

/// How to change a `:`-separated list.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edit {
    Prepend,
    Append,
    Remove,
}

/// Puts `entry` into (or takes it out of) the list in `var`, once; unsets
/// the variable if the list is left empty, as Lmod does.
fn edit(exec: &mut Exec<'_>, var: &str, entry: &str, how: Edit) {
    let old = exec.shell.var(var).unwrap_or_default().to_owned();
    let mut parts: Vec<&str> = old
        .split(':')
        .filter(|p| !p.is_empty() && *p != entry)
        .collect();
    match how {
        Edit::Prepend => parts.insert(0, entry),
        Edit::Append => parts.push(entry),
        Edit::Remove => {}
    }
    set(exec, var, (!parts.is_empty()).then(|| parts.join(":")));
}

/// Exports `name` with `value`, or unsets it for `None`.
fn set(exec: &mut Exec<'_>, name: &str, value: Option<String>) {
    match value {
        Some(value) => {
            let var = Var {
                exported: true,
                ..Var::scalar(value)
            };
            exec.shell.vars.insert(name.to_owned(), var);
        }
        None => {
            exec.shell.vars.remove(name);
        }
    }
}

fn load_one(exec: &mut Exec<'_>, m: Module) {
    for (var, dir) in m.paths() {
        edit(exec, var, &dir, Edit::Prepend);
    }
    if let Some(home) = m.home() {
        set(exec, home, Some(m.prefix()));
    }
    edit(exec, LOADED, &m.full(), Edit::Append);
}

fn unload_one(exec: &mut Exec<'_>, m: Module) {
    for (var, dir) in m.paths() {
        edit(exec, var, &dir, Edit::Remove);
    }
    if let Some(home) = m.home() {
        set(exec, home, None);
    }
    edit(exec, LOADED, &m.full(), Edit::Remove);
}

/// Lmod's error block: the title, the message and its blank lines.
fn error(out: &mut Output, message: &str) -> i32 {
    out.stderr(&format!(
        "Lmod has detected the following error: {message}\n\n\n"
    ));
    1
}

/// `module load NAME[/VERSION]...`: nothing is loaded if one is unknown;
/// another version of a loaded name replaces it, as Lmod swaps them.
fn load(exec: &mut Exec<'_>, names: &[String], out: &mut Output) -> i32 {
    let unknown: Vec<String> = names
        .iter()
        .filter(|n| find(n).is_none())
        .map(|n| format!("\"{n}\""))
        .collect();
    if !unknown.is_empty() {
        let list = unknown.join(" ");
        return error(
            out,
            &format!(
                "The following module(s) are unknown:\n{list}\n\n\
                 Please check the spelling or version number. Also try \"module spider ...\"\n\
                 It is also possible your cache file is out-of-date; it may help to try:\n  \
                 $ module --ignore_cache load {list}\n\n\
                 Also make sure that all modulefiles written in TCL start with the string\n#%Module"
            ),
        );
    }
    let mut swaps = String::new();
    for m in names.iter().filter_map(|n| find(n)) {
        let current = loaded(exec);
        if current.contains(&m) {
            continue;
        }
        if let Some(old) = current.into_iter().find(|o| o.name == m.name) {
            unload_one(exec, old);
            let n = swaps.lines().count() + 1;
            swaps.push_str(&format!("  {n}) {} => {}\n", old.full(), m.full()));
        }
        load_one(exec, m);
    }
    if !swaps.is_empty() {
        out.stderr(&format!(
            "\nThe following have been reloaded with a version change:\n{swaps}\n"
        ));
    }
    0
}

/// `module unload NAME[/VERSION]...`: a name alone unloads whichever
/// version is loaded.
fn unload(exec: &mut Exec<'_>, names: &[String], out: &mut Output) -> i32 {
    for name in names {
        let found = loaded(exec)
            .into_iter()
            .find(|m| m.name == name.as_str() || m.full() == *name);
        match found {
            Some(m) => unload_one(exec, m),
            None => out.stderr(&format!(
                "\nNote: the module \"{name}\" cannot be unloaded because it was not loaded.\n\n"
            )),
        }
    }
    0
}

/// `items` in columns, top to bottom then left to right, in as few rows as
/// fit the width, as Lmod lays out `avail` and `list`.
fn columns(items: &[String], indent: usize, gap: usize) -> String {
    let n = items.len();
    let width = |i: usize| items.get(i).map_or(0, |s| s.chars().count());
    let mut rows = n.max(1);
    for r in 1..=n {
        let cols = n.div_ceil(r);
        let total: usize = (0..cols)
            .map(|c| (0..r).map(|k| width(c * r + k)).max().unwrap_or(0) + gap)
            .sum();
        if indent + total - gap < WIDTH {
            rows = r;
            break;
        }
    }
    let cols = n.div_ceil(rows);
    let mut text = String::new();
    for r in 0..rows {
        let mut line = " ".repeat(indent);
        for c in 0..cols {
            let w = (0..rows).map(|k| width(c * rows + k)).max().unwrap_or(0);
            if let Some(item) = items.get(c * rows + r) {
                line.push_str(&format!("{item:<w$}{}", " ".repeat(gap)));
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// `module list`.
fn list(exec: &mut Exec<'_>, out: &mut Output) -> i32 {
    let items: Vec<String> = loaded(exec)
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}) {}", i + 1, m.full()))
        .collect();
    if items.is_empty() {
        out.stderr("No modules loaded\n");
    } else {
        out.stderr(&format!(
            "\nCurrently Loaded Modules:\n{}\n \n\n",
            columns(&items, 2, 3)
        ));
    }
    0
}

/// `text` centred in a line of dashes, as Lmod heads a directory.
fn banner(text: &str) -> String {
    let inner = format!(" {text} ");
    let dashes = (WIDTH - 1).saturating_sub(inner.len());
    let left = dashes / 2;
    format!("{}{inner}{}", "-".repeat(left), "-".repeat(dashes - left))
}

const AVAIL_TAIL: &str = "\
Use \"module spider\" to find all possible modules and extensions.
Use \"module keyword key1 key2 ...\" to search for all possible modules matching any of the \"keys\".
";

/// `module avail [STRING]...`: every module (or those whose name holds
/// one of the strings), marked `D` for defaults and `L` when loaded.
fn avail(exec: &mut Exec<'_>, filters: &[String], out: &mut Output) -> i32 {
    let loaded = loaded(exec);
    let shown: Vec<&Module> = MODULES
        .iter()
        .filter(|m| filters.is_empty() || filters.iter().any(|f| m.full().contains(f.as_str())))
        .collect();
    if shown.is_empty() {
        out.stderr(&format!(
            "No module(s) or extension(s) found!\n{AVAIL_TAIL}\n"
        ));
        return 0;
    }
    let items: Vec<String> = shown
        .iter()
        .map(|m| {
            let marks = match (loaded.contains(m), m.default) {
                (true, true) => " (L,D)",
                (true, false) => " (L)",
                (false, true) => " (D)",
                (false, false) => "",
            };
            format!("{}{marks}", m.full())
        })
        .collect();
    let mut legend = String::from("   D:  Default Module\n");
    if shown.iter().any(|m| loaded.contains(m)) {
        legend.push_str("   L:  Module is loaded\n");
    }
    out.stderr(&format!(
        "\n{}\n{}\n  Where:\n{legend}\n\
         If the avail list is too long consider trying:\n\n\
         \"module --default avail\" or \"ml -d av\"  to just list the default modules.\n\
         \"module overview\" or \"ml ov\" to display the number of modules for each name.\n\n\
         {AVAIL_TAIL}\n\n",
        banner(MODULE_DIR),
        columns(&items, 3, 4)
    ));
    0
}

/// Lmod's rule across `spider`'s listings.
fn border() -> String {
    "-".repeat(WIDTH - 1)
}

/// `module spider [NAME[/VERSION]]`: every name with its versions, one
/// name's versions, or how to load one version.
fn spider(args: &[String], out: &mut Output) -> i32 {
    let rule = border();
    let Some(wanted) = args.first() else {
        let mut text = format!(
            "\n{rule}\nThe following is a list of the modules and extensions currently available:\n{rule}\n"
        );
        let mut names: Vec<&str> = MODULES.iter().map(|m| m.name).collect();
        names.dedup();
        for name in names {
            let versions: Vec<String> = versions(name).iter().map(Module::full).collect();
            let about = description(name);
            text.push_str(&format!(
                "  {name}: {}\n    {about}\n\n",
                versions.join(", ")
            ));
        }
        text.push_str(&format!(
            "{rule}\nTo learn more about a package execute:\n\n   $ module spider Foo\n\n\
             where \"Foo\" is the name of a module.\n\n\
             To find detailed information about a particular package you\n\
             must specify the version if there is more than one version:\n\n   \
             $ module spider Foo/11.1\n\n{rule}\n\n"
        ));
        out.stderr(&text);
        return 0;
    };
    let name = wanted.to_ascii_lowercase();
    if let Some(m) = MODULES.iter().find(|m| m.full() == name) {
        out.stderr(&format!(
            "\n{rule}\n  {}: {}\n{rule}\n    Description:\n      {}\n\n\n    \
             This module can be loaded directly: module load {}\n\n",
            m.name,
            m.full(),
            description(m.name),
            m.full()
        ));
        return 0;
    }
    let found = versions(&name);
    let Some(last) = found.last() else {
        return error(out, &format!("Unable to find: \"{wanted}\"."));
    };
    let listed: String = found
        .iter()
        .map(|m| format!("        {}\n", m.full()))
        .collect();
    out.stderr(&format!(
        "\n{rule}\n  {name}:\n{rule}\n    Description:\n      {}\n\n     Versions:\n{listed}\n\
         {rule}\n  For detailed information about a specific \"{name}\" package (including how to load the modules) use the module's full name.\n  \
         Note that names that have a trailing (E) are extensions provided by other modules.\n  \
         For example:\n\n     $ module spider {}\n{rule}\n\n",
        description(&name),
        last.full()
    ));
    0
}

/// The versions of the module `name`.
fn versions(name: &str) -> Vec<Module> {
    MODULES.iter().filter(|m| m.name == name).copied().collect()
}

/// `module` with no sub-command or `module help`: the sub-commands
/// simulated here (also the manual page's body).
pub(in super::super) const USAGE: &str = "\
Usage: module [options] sub-command [args ...]

Sub-commands simulated here:
  avail [string]          list available modules (D: default, L: loaded)
  load name[/version]     load module(s); a name alone loads its default
  unload name             remove module(s)
  list                    list loaded modules
  purge                   unload all modules
  spider [name[/version]] list all modules, the versions of one, or how to load it

ml is short for module: ml (list), ml name (load), ml -name (unload),
ml av (avail), ml spider ...
";

/// The sub-commands and the names Lmod also takes for them.
const SUBCOMMANDS: &[&str] = &[
    "avail", "av", "load", "add", "unload", "rm", "del", "list", "li", "purge", "spider", "help",
];

/// What tab completion offers for `word` after `before` (`module load`,
/// `ml`): a sub-command as `module`'s first word, else module names (and,
/// for `ml`, sub-commands too).
pub(in super::super) fn words(before: &[String], word: &str) -> Vec<String> {
    let ml = before.first().is_some_and(|c| c == "ml");
    let first = before.len() < 2;
    let subcommands: &[&str] = if first || ml { SUBCOMMANDS } else { &[] };
    let names: Vec<String> = if first && !ml {
        Vec::new()
    } else {
        MODULES
            .iter()
            .flat_map(|m| [m.name.to_owned(), m.full()])
            .collect()
    };
    subcommands
        .iter()
        .map(|s| (*s).to_owned())
        .chain(names)
        .filter(|w| w.starts_with(word))
        .collect()
}

/// `module SUB-COMMAND [ARGS]...`.
pub(super) fn module(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let Some(sub) = argv.get(1) else {
        out.stderr(USAGE);
        return 0;
    };
    let rest = argv.get(2..).unwrap_or_default();
    match sub.as_str() {
        "avail" | "av" => avail(exec, rest, out),
        "load" | "add" => load(exec, rest, out),
        "unload" | "rm" | "del" => unload(exec, rest, out),
        "list" | "li" => list(exec, out),
        "purge" => {
            for m in loaded(exec).into_iter().rev() {
                unload_one(exec, m);
            }
            0
        }
        "spider" => spider(rest, out),
        "help" | "--help" | "-h" => {
            out.stderr(USAGE);
            0
        }
        other => {
            out.stderr(&format!(
                "module: \"{other}\" is not a sub-command this simulated Lmod has (avail, load, unload, list, purge, spider)\n"
            ));
            1
        }
    }
}

/// `ml`: `module list` alone, a sub-command as `module` takes it, or else
/// names to load and `-name`s to unload (the unloads first).
pub(super) fn ml(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let args = argv.get(1..).unwrap_or_default();
    match args.first() {
        None => list(exec, out),
        Some(first) if SUBCOMMANDS.contains(&first.as_str()) || first == "--help" => {
            module(exec, argv, out)
        }
        Some(_) => {
            let (unloads, loads): (Vec<String>, Vec<String>) =
                args.iter().cloned().partition(|a| a.starts_with('-'));
            let unloads: Vec<String> = unloads.iter().map(|a| a[1..].to_owned()).collect();
            unload(exec, &unloads, out);
            load(exec, &loads, out)
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::super::{NoCommands, Shell, Stream};
    use super::*;

    /// Runs `lines` in one shell; what the last wrote to each stream, and
    /// its status.
    fn run(lines: &[&str]) -> (String, String, i32) {
        let mut sh = Shell::new("ada", "login1", 1_700_000_000).unwrap();
        let mut last = None;
        for line in lines {
            last = Some(sh.run(line, &mut NoCommands));
        }
        let last = last.unwrap();
        (
            last.text(Stream::Stdout),
            last.text(Stream::Stderr),
            last.status,
        )
    }

    const BASE: &str = "/usr/local/bin:/usr/bin:/bin";

    #[test]
    fn load_and_unload_edit_the_environment() {
        let path = |lines: &[&str]| run(lines).0;
        assert_eq!(
            path(&[
                "module load cuda",
                "echo $PATH; echo $LD_LIBRARY_PATH $CUDA_HOME"
            ]),
            format!(
                "/usr/local/cuda-12.4/bin:{BASE}\n/usr/local/cuda-12.4/lib64 /usr/local/cuda-12.4\n"
            )
        );
        assert_eq!(
            path(&["module load cuda nccl/2.18.5", "echo $LD_LIBRARY_PATH"]),
            "/opt/apps/nccl/2.18.5/lib:/usr/local/cuda-12.4/lib64\n"
        );
        assert_eq!(
            path(&[
                "ml cuda python",
                "ml -cuda",
                "env | grep -c CUDA_HOME; echo $PATH"
            ]),
            format!("0\n/opt/apps/python/3.11/bin:{BASE}\n")
        );
        assert_eq!(
            path(&[
                "module load cuda",
                "module unload cuda",
                "echo \"$PATH|${LD_LIBRARY_PATH-unset}\""
            ]),
            format!("{BASE}|unset\n")
        );
        assert_eq!(
            path(&[
                "module load cuda python",
                "module purge",
                "echo $PATH ${LOADEDMODULES-none}"
            ]),
            format!("{BASE} none\n")
        );
        assert_eq!(
            path(&[
                "module load python cuda/11.8",
                "bash -c 'echo $LOADEDMODULES'"
            ]),
            "python/3.11:cuda/11.8\n",
            "exported, so child processes see it"
        );
    }

    #[test]
    fn another_version_replaces_the_loaded_one() {
        let (out, err, status) =
            run(&["module load cuda", "module load cuda/11.8; echo $CUDA_HOME"]);
        assert_eq!(out, "/usr/local/cuda-11.8\n");
        assert_eq!(
            err,
            "\nThe following have been reloaded with a version change:\n  1) cuda/12.4 => cuda/11.8\n\n"
        );
        assert_eq!(status, 0);
        assert_eq!(run(&["module load cuda", "module load cuda"]).1, "");
    }

    #[test]
    fn unknown_modules_get_lmods_error() {
        let (out, err, status) =
            run(&["module load cuda/99 nccl foo; echo $?; echo ${LOADEDMODULES-none}"]);
        assert_eq!(out, "1\nnone\n", "nothing is loaded");
        assert_eq!(status, 0);
        assert!(
            err.starts_with(
                "Lmod has detected the following error: The following module(s) are unknown:\n\"cuda/99\" \"foo\"\n\n\
                 Please check the spelling or version number. Also try \"module spider ...\"\n"
            ),
            "{err}"
        );
        assert!(
            err.contains("  $ module --ignore_cache load \"cuda/99\" \"foo\"\n"),
            "{err}"
        );
        assert_eq!(
            run(&["module unload nccl"]).1,
            "\nNote: the module \"nccl\" cannot be unloaded because it was not loaded.\n\n"
        );
        let (_, err, status) = run(&["module spider tensorflow"]);
        assert_eq!(
            (err.as_str(), status),
            (
                "Lmod has detected the following error: Unable to find: \"tensorflow\".\n\n\n",
                1
            )
        );
        let (_, err, status) = run(&["module swap a b"]);
        assert!(
            err.starts_with("module: \"swap\" is not a sub-command"),
            "{err}"
        );
        assert_eq!(status, 1);
    }

    #[test]
    fn list_and_avail_look_like_lmod() {
        assert_eq!(run(&["module list"]).1, "No modules loaded\n");
        assert_eq!(
            run(&["ml cuda nccl", "ml"]).1,
            "\nCurrently Loaded Modules:\n  1) cuda/12.4   2) nccl/2.21.5\n\n \n\n"
        );
        let (out, avail, _) = run(&["module load nccl", "module avail"]);
        assert_eq!(out, "", "Lmod writes listings to standard error");
        let head = format!(
            "\n{} /opt/modulefiles/Core {}\n",
            "-".repeat(28),
            "-".repeat(28)
        );
        assert!(avail.starts_with(&head), "{avail}");
        assert!(avail.contains("   cuda/11.8    cuda/12.4 (D)"), "{avail}");
        assert!(avail.contains("nccl/2.21.5 (L,D)"), "{avail}");
        assert!(avail.contains("  Where:\n   D:  Default Module\n   L:  Module is loaded\n"));
        assert!(avail.lines().take(5).all(|l| l.len() < WIDTH), "{avail}");
        let (_, cuda, _) = run(&["ml av cuda"]);
        assert!(!cuda.contains("nccl") && !cuda.contains("L:"), "{cuda}");
        assert!(
            run(&["module avail nope"])
                .1
                .starts_with("No module(s) or extension(s) found!\n")
        );
    }

    #[test]
    fn spider_lists_versions_and_how_to_load() {
        let all = run(&["module spider"]).1;
        assert!(
            all.contains("  cuda: cuda/11.8, cuda/12.2, cuda/12.4\n    NVIDIA CUDA"),
            "{all}"
        );
        assert!(all.contains("   $ module spider Foo/11.1\n"), "{all}");
        let cuda = run(&["module spider CUDA"]).1;
        assert!(
            cuda.contains(
                "     Versions:\n        cuda/11.8\n        cuda/12.2\n        cuda/12.4\n"
            ),
            "{cuda}"
        );
        assert!(cuda.contains("     $ module spider cuda/12.4\n"), "{cuda}");
        let one = run(&["module spider python/3.10"]).1;
        assert!(one.contains("  python: python/3.10\n"), "{one}");
        assert!(
            one.contains("This module can be loaded directly: module load python/3.10\n"),
            "{one}"
        );
    }

    #[test]
    fn completion_offers_sub_commands_then_modules() {
        let words = |before: &[&str], word: &str| {
            let before: Vec<String> = before.iter().map(|w| (*w).to_owned()).collect();
            let mut w = super::words(&before, word);
            crate::sort::sort_dedup(&mut w);
            w
        };
        assert_eq!(words(&["module"], "s"), ["spider"]);
        assert_eq!(
            words(&["module", "load"], "nc"),
            ["nccl", "nccl/2.18.5", "nccl/2.21.5"]
        );
        assert_eq!(
            words(&["ml"], "p"),
            ["purge", "python", "python/3.10", "python/3.11"]
        );
    }

    #[test]
    fn usage_without_a_sub_command() {
        assert_eq!(run(&["module"]).1, USAGE);
        assert_eq!(run(&["ml --help"]).1, USAGE);
        assert_eq!(columns(&[], 2, 3), "\n");
    }
}
