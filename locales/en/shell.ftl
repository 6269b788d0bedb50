# What the Slurm shell's `help` says, in English (the source language): the
# shell's own words, checked against its code by a test. Only pages with a
# shell carry this file (it is named after the shell's wasm module).
# Translators: copy it to locales/<lang>/shell.ftl and translate the values;
# keep the ids, the command names and the options as typed. Braces are
# written {"{"} and {"}"}, as Fluent reads a bare one as a placeable.

sh-help-intro =
    This is a simulated bash shell. It runs commands, pipelines (a | b), lists
    (a; b, a && b, a || b), redirections (> >> 2> 2>&1 <), here-documents (<<EOF),
    variables ($HOME, ${"{"}VAR:-default{"}"}, ${"{"}f%.*{"}"}, ${"{"}x/a/b{"}"}, ${"{"}x:0:4{"}"}, $1,
    "$@"), arrays (a=(x y), ${"{"}a[1]{"}"}, "${"{"}a[@]{"}"}"), * and [0-9] globs, {"{"}a,b{"}"} and {"{"}1..5{"}"},
    $(command), $((1+2)) and ((i++)), if, for (also for ((i=0; i<4; i++))), while,
    until, case, [[ ]], {"{"} {"}"}, ( ) and functions (f() {"{"} ...; {"}"}). In batch scripts and
    job steps, cmd & runs in the background until wait. time cmd says how long
    cmd took on the simulated clock.
sh-help-shell = Shell commands:
sh-help-cluster = Cluster commands:
sh-help-cmd-dot = run a script in this shell (same as source)
sh-help-cmd-colon = do nothing, successfully
sh-help-cmd-bracket = test a condition: [ -f file ], [ "$a" = b ], [ "$n" -gt 3 ] (same as test)
sh-help-cmd-alias = name a command line: alias sq='squeue --me' (alone: list the aliases)
sh-help-cmd-awk = print fields and sums ('{"{"}print $1{"}"}', -F :, NR>1, /re/, END {"{"}print s{"}"}); a small awk
sh-help-cmd-bash = run a script (bash job.sh ARGS), commands (bash -c '...' [NAME ARGS]) or its input in a child shell; -x, -e, -u and -o as set takes them
sh-help-cmd-break = leave a for, while or until loop (break N: N loops)
sh-help-cmd-basename = the last part of a file name: basename /a/b.py .py prints b (-a, -s SUFFIX)
sh-help-cmd-cat = print files (or standard input); -n numbers the lines
sh-help-cmd-cd = change the current directory (cd, cd dir, cd -, cd ..)
sh-help-cmd-chmod = change a file's mode; only the execute bit matters here (chmod +x job.sh)
sh-help-cmd-clear = clear the terminal screen
sh-help-cmd-command = where a command leads (command -v NAME: its path, or the name of a builtin), or run NAME past a function of that name
sh-help-cmd-continue = go on with the next round of a loop (continue N)
sh-help-cmd-cp = copy files; -r copies directories
sh-help-cmd-cut = print selected fields (-f 1,3 -d :) or characters (-c 1-5) of each line
sh-help-cmd-date = print the simulated date and time; date +%F and other formats, -d DATE (@SECONDS, 2024-05-01 10:00, '1 hour ago')
sh-help-cmd-dirname = what comes before the last part of a file name: dirname /a/b.py prints /a
sh-help-cmd-du = disk use of files and directories, in KiB (-s total only, -h 4.0K/2.1M, -a files too, -c a total, -d N levels)
sh-help-cmd-echo = print the arguments; -n without a newline, -e with escapes
sh-help-cmd-env = print the environment (exported variables)
sh-help-cmd-declare = declare variables with attributes: declare -a NAME=(...) (array), -r (read-only), -x (exported), -p NAME (show); in a function, local
sh-help-cmd-dirs = list the directory stack that pushd keeps (-v numbered, -l without ~, -c clear)
sh-help-cmd-eval = run its arguments, joined by spaces, as a command line of this shell: eval "$cmd"
sh-help-cmd-exit = end a script or an ssh login (this simulated terminal itself stays open)
sh-help-cmd-export = put variables in the environment of commands (export NAME=value; -n: take out; -p: list)
sh-help-cmd-false = do nothing, unsuccessfully (exit status 1)
sh-help-cmd-find = search for files below directories: find . -name '*.out' -mtime -1, -type f, -size +1M, -exec CMD {"{"}{"}"} + (find --help lists the rest)
sh-help-cmd-grep = print lines that match a pattern (-i -v -c -n -E -F -w -x -l -q; -A/-B/-C N lines of context)
sh-help-cmd-head = print the first lines of files (-n N)
sh-help-cmd-getopts = read a script's options one at a time: while getopts "n:v" opt; do case $opt in n) N=$OPTARG;; esac; done
sh-help-cmd-hash = the programs this shell remembers finding along $PATH, with their hits (hash -r forgets them)
sh-help-cmd-help = list the commands this shell knows
sh-help-cmd-history = list the commands you entered (history N for the last N, -c to clear)
sh-help-cmd-hostname = print the name of the machine you are logged in to
sh-help-cmd-let = evaluate arithmetic, assignments included: let i=i+1 n*=2 (also ((i++)))
sh-help-cmd-local = make variables local to the function running (local NAME=value)
sh-help-cmd-logout = end an ssh login
sh-help-cmd-less = page through files or standard input (squeue | less); printed whole here, -N numbers the lines
sh-help-cmd-ls = list directory contents (-l -a -A -1 -d -t -r)
sh-help-cmd-man = show a command's manual page: its options here and an example (man sed)
sh-help-cmd-mkdir = make directories; -p makes parents as needed
sh-help-cmd-mapfile = read lines of input into an array (mapfile -t NAME)
sh-help-cmd-popd = go back to the directory pushd saved last, taking it off the stack
sh-help-cmd-ml = Lmod's short form of module: ml (list), ml cuda (load), ml -cuda (unload), ml av
sh-help-cmd-module = environment modules (Lmod): module avail, load cuda/12.4, unload, list, purge, spider
sh-help-cmd-mktemp = make a new file with a unique name and print it (mktemp, mktemp -d for a directory, mktemp run.XXXXXX)
sh-help-cmd-more = page through files, a banner before each when there are several; printed whole here
sh-help-cmd-mv = move or rename files
sh-help-cmd-printenv = print the values of environment variables
sh-help-cmd-pwd = print the current directory
sh-help-cmd-printf = print a format with arguments: printf '%s has %d GPUs\n' node-1 8 (-v VAR: into a variable)
sh-help-cmd-pushd = change to a directory, saving the current one on a stack for popd (pushd +N rotates it)
sh-help-cmd-read = read a line of input into variables (read -r NAME...)
sh-help-cmd-readarray = read lines of input into an array (readarray -t NAME)
sh-help-cmd-readonly = make variables read-only, or list them (readonly NAME=value, readonly -p)
sh-help-cmd-return = leave a function, with a status (return N)
sh-help-cmd-realpath = a file's absolute name, without . or .. (realpath data/../run.sh; -m: need not exist; --relative-to=DIR)
sh-help-cmd-rm = remove files; -r removes directories, -f ignores missing ones
sh-help-cmd-rev = reverse the characters of each line (rev | cut -d/ -f1 | rev: the last part)
sh-help-cmd-sed = edit lines as they stream by (sed 's/a/b/g', sed -n '2,5p', sed '/re/d', -E)
sh-help-cmd-seq = print a sequence of numbers (seq LAST, seq FIRST LAST, seq FIRST STEP LAST; -s , -w -f %02g)
sh-help-cmd-set = set -e, -u, -x, -o pipefail (+ turns off), or the positional parameters; alone, list variables
sh-help-cmd-sh = run a script in a subshell, like bash
sh-help-cmd-shift = drop the first positional parameters ($1...): shift [N]
sh-help-cmd-shopt = bash's own options: shopt -s nullglob (a pattern matching nothing is no word), failglob (an error), dotglob (* matches .names); alone: list them
sh-help-cmd-sleep = advance the simulated clock by N seconds (N, Ns, Nm, Nh, Nd)
sh-help-cmd-sort = sort lines (-n -r -u, -k 2,2n keys, -t SEP)
sh-help-cmd-source = run a script in this shell, keeping its variables and directory
sh-help-cmd-sudo = run an operator command as root, as your sudoers entry allows (sudo -l)
sh-help-cmd-tail = print the last lines of files (-n N, -n +N)
sh-help-cmd-tac = print lines last first (sacct ... | tac)
sh-help-cmd-tee = copy standard input to files and to standard output; -a appends
sh-help-cmd-test = test a condition: test -f file, test "$a" = b, test "$n" -gt 3
sh-help-cmd-touch = create empty files or update their times
sh-help-cmd-tr = translate (tr a-z A-Z), delete (-d) or squeeze (-s) characters
sh-help-cmd-true = do nothing, successfully
sh-help-cmd-trap = run commands when the shell ends, a command fails or a signal comes: trap 'rm -f $TMP' EXIT, trap 'echo failed' ERR, trap 'save' TERM (the time limit), trap 'save' USR1 (sbatch --signal=B:USR1@300) (-p: list)
sh-help-cmd-type = what each name is: a keyword, function, builtin or program (type -t: one word, -a: every match, -p: the path)
sh-help-cmd-uname = print the system's name, kernel and machine (-a all, -r the kernel release)
sh-help-cmd-uniq = print adjacent repeated lines once (-c counts, -d repeated, -u unique)
sh-help-cmd-typeset = the same as declare
sh-help-cmd-unalias = forget aliases (unalias NAME, -a: all)
sh-help-cmd-unset = remove variables
sh-help-cmd-wait = wait for background commands (cmd &) to end: all, wait PID, wait %N, or wait -n for the next
sh-help-cmd-watch = run a command under a title line, as procps' watch: watch squeue --me (one round here)
sh-help-cmd-wc = count lines, words and bytes (-l -w -c)
sh-help-cmd-whoami = print your user name
sh-help-cmd-timeout = run a command with a time limit on the simulated clock: timeout 10m python train.py
sh-help-cmd-xargs = run a command with the words of standard input as arguments (-n N, -I {"{"}{"}"}, -r)
sh-help-cmd-which = print where each program is found along $PATH (-a: every match)
sh-help-cmd-sacct = accounting records of jobs and their steps
sh-help-cmd-sacctmgr = the accounting database: sacctmgr show assoc|user|account|qos, add|modify|delete
sh-help-cmd-salloc = hold an allocation: salloc -N 2 (a shell until exit), or salloc -N 2 srun hostname
sh-help-cmd-sbatch = submit a batch script
sh-help-cmd-scancel = cancel jobs
sh-help-cmd-scontrol = show and change jobs, nodes and partitions (alone: its own prompt)
sh-help-cmd-seff = a finished job's CPU and memory efficiency: seff JOBID
sh-help-cmd-sinfo = partitions and nodes and their states
sh-help-cmd-sprio = the priority factors of pending jobs
sh-help-cmd-squeue = jobs in the queue
sh-help-cmd-sreport = CPU time used, by cluster, account, user and wckey: sreport cluster|job|user REPORT (sreport --help lists them)
sh-help-cmd-srun = run a program as a job step (--pty bash: a shell on the node)
sh-help-cmd-sshare = fair-share usage and factors of accounts and users
sh-help-cmd-sstat = resource use of running job steps: sstat -j JOBID
sh-help-cmd-ssh = run a command on a compute node: ssh node-3 nvidia-smi
sh-help-cmd-nproc = the number of CPUs your programs may use here (in a job: its share)
sh-help-cmd-id = your user and group ids (id -un: your name), or another user's
sh-help-cmd-groups = the groups you or another user belong to
sh-help-cmd-python = the Python interpreter (python --version); your scripts run in jobs: srun python train.py
sh-help-cmd-nvidia-smi = this node's GPUs as the driver sees them
sh-help-cmd-dmesg = this node's kernel log (dmesg -T for readable times)
