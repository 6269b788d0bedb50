//! `--help` and `--usage` of the commands, written for this model: each
//! lists the options it supports (the real tools' texts are not copied).

use super::super::output::CommandOutput;
use super::VERSION;
use crate::sim::slurm::getopt::Parsed;

/// The text on stdout, exit status 0.
pub(super) fn text(text: &str) -> CommandOutput {
    let mut out = CommandOutput::default();
    out.out(text);
    out
}

/// What `--help`, `--usage` or `--version` asks for, if one was given:
/// the command's `help` or `usage` text, or the version.
pub(super) fn requested(parsed: &Parsed, help: &str, usage: &str) -> Option<CommandOutput> {
    [("help", help), ("usage", usage), ("version", VERSION)]
        .into_iter()
        .find(|(key, _)| parsed.has(key))
        .map(|(_, answer)| text(answer))
}

pub(super) const SQUEUE: &str = "\
Usage: squeue [OPTIONS]
Show the jobs in the queue (pending and running, plus recently ended ones
with -t).

  -A, --account=LIST      only jobs charging these accounts
  -a, --all               accepted for compatibility (all partitions are shown)
  -h, --noheader          no header line
      --noconvert         memory (%m) in the megabytes asked for, not 2G
  -i, --iterate=SECONDS   one round, with its date (the simulated shell does not repeat)
  -j, --jobs[=LIST]       only these job ids (ID or ARRAYID_TASK)
  -l, --long              long format with state and time limit
  -L, --licenses=LIST     only jobs using these licenses (none here uses one)
  -M, --clusters=NAME     this cluster, named above the table (CLUSTER: NAME)
      --me                only your own jobs
  -n, --name=LIST         only jobs with these names
  -o, --format=FORMAT     fields to print, e.g. \"%.18i %.9P %.8j %R\"
  -O, --Format=FIELDS     fields by name, e.g. JobID,Name:.12,StateCompact
  -p, --partition=LIST    only jobs in these partitions
  -q, --qos=LIST          only jobs with these QOS
  -r, --array             one line per pending array task
  -R, --reservation=NAME  only jobs in this reservation (none here has one)
  -S, --sort=KEYS         sort keys (default P,t,-p; P,i with -s)
  -s, --steps[=LIST]      running job steps instead of jobs (JOBID.STEPID,...)
      --start             expected start times of pending jobs
  -t, --states=LIST       only jobs in these states (PD,R,S,CD,F,TO,CA,NF,SE or all)
  -u, --user=LIST         only jobs of these users
  -v, --verbose           the options as squeue read them, and the records counted
  -w, --nodelist=HOSTS    only jobs on these nodes
  -P, --priority, --array-unique, --hide, --local, --sibling
                          accepted: one partition per job, no hidden partitions,
                          no federation here
  -V, --version           print the version
      --help, --usage     this help, a short usage line
";

pub(super) const SQUEUE_USAGE: &str = "\
Usage: squeue [-A account] [-a] [-h] [-j jobs] [-l] [--me] [-n name] [-o format]
              [-O Format] [-p partitions] [-q qos] [-r] [-S fields] [-s steps]
              [--start] [-t states] [-u users] [-w nodes] [-V] [--help]
              [--usage]
";

pub(super) const SINFO: &str = "\
Usage: sinfo [OPTIONS]
Show partitions and the states of their nodes.

  -h, --noheader          no header line
      --noconvert         sizes as recorded (none here is large enough to convert)
  -i, --iterate=SECONDS   one round, with its date (the simulated shell does not repeat)
  -l, --long              more columns (and a date line)
  -M, --clusters=NAME     this cluster, named above the table (CLUSTER: NAME)
  -N, --Node              one line per node and partition
  -n, --nodes=HOSTS       only these nodes
  -o, --format=FORMAT     fields to print, e.g. \"%P %a %l %D %t %N\"
  -O, --Format=FIELDS     fields by name, e.g. Partition,NodeList:0,StateLong
  -p, --partition=LIST    only these partitions
  -R, --list-reasons      why nodes are down or drained
  -r, --responding        only responding nodes
  -d, --dead              only non-responding nodes
  -s, --summarize         node counts per partition (allocated/idle/other/total)
  -S, --sort=KEYS         sort lines by format letters, e.g. P,-t (- reverses,
                          #P keeps slurm.conf's partition order; default #P,-t)
  -t, --states=LIST       only nodes in these states (idle, mix, alloc, drain, ...)
  -T, --reservation       the reservations instead (none here)
      --hide, --local     accepted: no hidden partitions, no federation here
  -V, --version           print the version
      --help, --usage     this help, a short usage line
";

pub(super) const SINFO_USAGE: &str = "\
Usage: sinfo [-dhlNrRsV] [-n nodes] [-o format] [-O Format] [-p partitions]
             [-S fields] [-t states] [--help] [--usage]
";

pub(super) const SBATCH: &str = "\
Usage: sbatch [OPTIONS] [SCRIPT [ARGS...]]
Submit a batch script (from a file, standard input or --wrap) to the queue.

  -A, --account=NAME      account to charge
  -b, --begin=TIME        not before TIME: now+1hour, 16:00, tomorrow,
                          2026-12-24T18:00
  -a, --array=INDEXES     job array, e.g. 0-15%4 or 1,3,5
  -c, --cpus-per-task=N   CPUs per task
  -C, --constraint=LIST   node features it needs: a100, a100&nvlink, a100|h100
  -D, --chdir=DIR         working directory of the job
  -d, --dependency=LIST   afterok:ID[:ID], afterany:ID, afternotok:ID, after:ID,
                          singleton (after your jobs of the same name)
  -e, --error=FILE        file for standard error (default: with --output)
      --export=ALL|NONE|[ALL,]VAR[=VALUE],...
                          the variables of this shell the script starts with:
                          all (default, as they are now), or only Slurm's and
                          those named over a login environment
  -G, --gpus=N            GPUs for the whole job
      --gpus-per-node=N   GPUs on each node
      --gpus-per-task=N   GPUs for each task
      --cpus-per-gpu=N    CPUs for each GPU
      --gres=gpu:N        GPUs on each node
  -H, --hold              submit held (release with scontrol release)
  -J, --job-name=NAME     name of the job
  -m, --distribution=block|cyclic|plane=N  how tasks are numbered over
                          the nodes (block: node by node)
      --mem=SIZE          memory per node (M, G, T suffixes)
      --mem-per-cpu=SIZE  memory per CPU
      --mem-per-gpu=SIZE  memory per GPU (one of the three --mem options)
  -N, --nodes=N[-M]       number of nodes (N-M: up to M, as many as are free)
  -n, --ntasks=N          number of tasks
      --ntasks-per-node=N tasks on each node
      --nice[=N]          lower the priority by N
      --open-mode=append|truncate  add to the output files, or empty
                          them when the job starts (the default)
  -o, --output=FILE       file for standard output (default slurm-%j.out)
  -p, --partition=NAME    partition
      --parsable          print only the job id
      --priority=N|TOP    a fixed priority (operators only; a user's is
                          ignored)
  -q, --qos=NAME          quality of service
      --requeue, --no-requeue  whether a node failure requeues the job
      --reservation=NAME  run in a reservation (this cluster has none)
      --signal=B:SIG[@SECS]  send the script's shell SIG (USR1, 10, ...)
                          SECS (60 if left out) to SECS+30 seconds before
                          the time limit: trap it to save a checkpoint
  -t, --time=TIME         time limit: MM, HH:MM:SS, D-HH:MM:SS
      --test-only         say when the job would start, without submitting
  -w, --nodelist=HOSTS    nodes the job must run on
      --wckey=NAME        workload key, kept for sacct -o WCKey
      --wrap=COMMAND      wrap a command line in a script
  -x, --exclude=HOSTS     nodes the job must not run on
      --exclusive[=user|mcs]  share no node with other jobs (every CPU and
                          GPU of its nodes, the memory asked), or only with
                          the user's own jobs
  -V, --version           print the version
      --help, --usage     this help, a short usage line

Also taken and checked as on a real cluster: --tasks-per-node (the same as
--ntasks-per-node), --comment, --mail-type and --mail-user (scontrol shows
them), --hint and --gpu-bind, which have no more to do here: no mail is
sent. --signal without B: (to the job's steps) is taken, but no step gets
its signal here.

Script lines \"# sim: runtime=90 exit=3\" fix the simulated run time and exit code.
";

pub(super) const SBATCH_USAGE: &str = "\
Usage: sbatch [-N nodes] [-n ntasks] [-c ncpus] [--mem=MB] [--gpus=N]
              [--gpus-per-node=N] [-t time] [-p partition] [-J name] [-A account]
              [--qos=name] [-a array] [-d dependency] [-H] [-w hosts] [-x hosts]
              [--exclusive] [-o file] [-e file] [--export=vars] [--parsable]
              [--test-only]
              [--wrap=cmd] [script [args...]]
";

pub(super) const SRUN: &str = "\
Usage: srun [OPTIONS] PROGRAM [ARGS...]
Run a program as a job step on allocated nodes and wait for it. With
--pty, bash becomes an interactive shell on the first node, the job's step,
until you type exit: srun --pty -N1 --gres=gpu:1 bash.

  -A, --account=NAME      account to charge
  -b, --begin=TIME        not before TIME: now+1hour, 16:00, tomorrow,
                          2026-12-24T18:00
  -c, --cpus-per-task=N   CPUs per task (in an allocation: implies --exact)
  -C, --constraint=LIST   node features it needs: a100, a100&nvlink, a100|h100
      --exact             in an allocation, the step holds only its tasks'
                          CPUs (-n times -c), not all of its nodes', so
                          steps started with & in a batch script can run
                          side by side; a step without room waits
      --exclusive[=user|mcs]  a new job shares no node with other jobs; in
                          an allocation, the same as --exact
      --export=ALL|NONE|[ALL,]VAR[=VALUE],...
                          the variables of this shell the tasks get: all
                          (default), or only Slurm's and those named; with
                          no PATH, name the program by its path (/bin/bash)
  -G, --gpus=N            GPUs for the whole job
      --gpus-per-node=N   GPUs on each node
      --gpus-per-task=N   GPUs for each task
      --cpus-per-gpu=N    CPUs for each GPU
  -J, --job-name=NAME     name of the job
      --jobid=ID          run the step in your running job ID instead of a
                          new one, as SLURM_JOB_ID does: srun --jobid=ID
                          --overlap --pty bash opens a shell on its node
  -m, --distribution=block|cyclic|plane=N  how tasks are numbered over
                          the nodes (block: node by node)
  -l, --label             prefix each output line with its task number
      --mem=SIZE          memory per node (or --mem-per-cpu, --mem-per-gpu)
      --mpi=TYPE          start the tasks through a PMI (pmix, pmi2) so an
                          MPI program forms one job; --mpi=list lists them
  -N, --nodes=N[-M]       number of nodes (N-M: up to M, as many as are free)
  -n, --ntasks=N          number of tasks
      --overlap           in an allocation, share CPUs and GPUs with the
                          steps running beside it instead of waiting
  -p, --partition=NAME    partition
      --pty               run bash as a shell at your prompt (any other
                          program runs as a plain step)
  -q, --qos=NAME          quality of service
      --reservation=NAME  run in a reservation (this cluster has none)
  -t, --time=TIME         time limit
  -w, --nodelist=HOSTS    nodes to run on
  -x, --exclude=HOSTS     nodes not to run on
  -V, --version           print the version
      --help, --usage     this help, a short usage line

Also taken and checked as on a real cluster: --tasks-per-node (the same as
--ntasks-per-node), --comment, --mail-type, --mail-user, --signal, --hint,
--gpu-bind, --cpu-bind, -u/--unbuffered, -K/--kill-on-bad-exit,
--quit-on-interrupt and --open-mode, which have no more to do here.
";

pub(super) const SRUN_USAGE: &str = "\
Usage: srun [-N nodes] [-n ntasks] [-c ncpus] [--mem=MB] [--gpus=N] [-t time]
            [-p partition] [-J name] [-A account] [-l] [--mpi=type] [--pty]
            [--exact] [--exclusive] [--overlap] [--jobid=id] [--export=vars]
            [-w hosts] [-x hosts] program [args...]
";

pub(super) const SALLOC: &str = "\
Usage: salloc [OPTIONS] [COMMAND [ARGS...]]
Hold an allocation while COMMAND runs on the login node, then give it back;
without COMMAND, a shell holds it until you type exit. Inside, SLURM_JOB_ID
and SLURM_JOB_NODELIST name the allocation and each srun starts a step of
it: salloc -N 2 srun hostname. COMMAND runs with all of this shell's
exported variables.

  -A, --account=NAME      account to charge
  -b, --begin=TIME        not before TIME: now+1hour, 16:00, tomorrow,
                          2026-12-24T18:00
  -C, --constraint=LIST   node features it needs: a100, a100&nvlink, a100|h100
      --exclusive[=user|mcs]  share no node with other jobs (or only with
                          the user's own)
  -G, --gpus=N            GPUs for the whole job
      --gpus-per-node=N   GPUs on each node
      --gpus-per-task=N   GPUs for each task
      --cpus-per-gpu=N    CPUs for each GPU
  -J, --job-name=NAME     name of the job
  -m, --distribution=block|cyclic|plane=N  how tasks are numbered over
                          the nodes (block: node by node)
      --mem=SIZE          memory per node (or --mem-per-cpu, --mem-per-gpu)
  -N, --nodes=N[-M]       number of nodes (N-M: up to M, as many as are free)
  -n, --ntasks=N          number of tasks
  -p, --partition=NAME    partition
      --reservation=NAME  run in a reservation (this cluster has none)
  -t, --time=TIME         time limit
  -w, --nodelist=HOSTS    nodes to run on
  -x, --exclude=HOSTS     nodes not to run on
  -V, --version           print the version
      --help, --usage     this help, a short usage line

Also taken and checked as on a real cluster: --tasks-per-node (the same as
--ntasks-per-node), --comment, --mail-type, --mail-user, --signal, --hint,
--gpu-bind, which have no more to do here.
";

pub(super) const SALLOC_USAGE: &str = "\
Usage: salloc [-N nodes] [-n ntasks] [--gpus=N] [-t time] [-p partition]
              [-J name] [-A account] [--exclusive] [-w hosts] [-x hosts]
              [command [args...]]
";

pub(super) const SCANCEL: &str = "\
Usage: scancel [OPTIONS] [JOBID[_TASK]...]
Cancel jobs: the ids given, or every job matching the filters. An array's
tasks may be listed (42_[1-3,7]) or all named at once (42 or 42_*).

  -A, --account=NAME      jobs charging this account
  -n, --name=NAME         jobs with this name
  -p, --partition=NAME    jobs in this partition
  -s, --signal=SIG        KILL cancels, as scancel alone does; other signals
                          do not reach running jobs here (their scripts ran
                          ahead): use sbatch --signal=B:SIG@SECS instead
  -t, --state=STATE       jobs in this state (PENDING, RUNNING)
  -u, --user=NAME         jobs of this user
      --me                your own jobs
  -v, --verbose           report jobs that are already done or unknown
  -V, --version           print the version
      --help, --usage     this help, a short usage line
";

pub(super) const SCANCEL_USAGE: &str = "\
Usage: scancel [-A account] [--me] [-n name] [-p partition] [-s signal]
               [-t state] [-u user] [-v] [job_id[_task]...]
";

pub(super) const SCONTROL: &str = "\
Usage: scontrol [OPTIONS] [COMMAND [ARGS...]]
Show and change the cluster's jobs, nodes and partitions. Without COMMAND,
it reads commands at its own prompt (scontrol: ), or one a line from a
pipe, until quit or exit; there oneliner, details, hide (no details),
quiet and verbose hold for the commands after.

  show job [ID]                       a job (all jobs without ID); -d adds details
  show node [NAME]                    a node (all nodes without NAME)
  show partition [NAME]               a partition (all without NAME)
  show step [JOBID[.STEPID]]          running steps (all without an id)
  show config                         the controller's main settings
  show hostnames [HOSTLIST]           one host a line (default: $SLURM_JOB_NODELIST)
  show hostlist NAMES                 names as one hostlist, e.g. node-[1-3]
  show daemons, show aliases [HOST]   Slurm daemons of this host, its nodes' names
  show licenses|topology|frontend|burstbuffer|federation|reservation
                                      none here: said as Slurm says it
  update NodeName=HOSTS State=DRAIN|DOWN|RESUME|UNDRAIN [Reason=TEXT]
                                      drain, down or resume nodes (root only)
  update JobId=LIST KEY=VALUE...      change your jobs (or JobName=NAME's):
                                      TimeLimit=[+|-]TIME (only lower, but
                                      root), Nice=N, Name=, Comment=,
                                      Priority=N (root; you may only lower
                                      it, 0 holds, 4294967295 recalculates),
                                      Requeue=0|1, ArrayTaskThrottle=N, and
                                      while they pend Partition=, Account=,
                                      QOS= (empty: the default), ExcNodeList=,
                                      Dependency= (empty: none), StartTime=TIME
  hold LIST... / uhold LIST...        keep pending jobs from starting
  release LIST...                     let held jobs start
  requeue [Incomplete] [State=SpecialExit] LIST...
                                      put running or ended batch jobs back in the
                                      queue (Incomplete: only running ones;
                                      SpecialExit: held, shown as SPECIAL_EXIT)
  requeuehold LIST...                 requeue and hold until released
  suspend LIST... / resume LIST...    stop running jobs and let them go on (operators):
                                      a suspended job keeps its memory and GPUs,
                                      frees its cores, and its time limit waits
  notify JOBID MESSAGE...             a line to the job's srun or salloc, or into
                                      a running batch job's error file
  wait_job JOBID                      whether a job's nodes are ready for it
  reconfigure, setdebug LEVEL         asks of the controller (root only); here
                                      they change nothing that shows
  completing                          jobs still cleaning up (none here: nodes
                                      are freed as jobs end)
  top LIST                            put pending jobs first among yours (root only)
  write batch_script JOBID [FILE|-]   a batch job's script, saved as slurm-JOBID.sh
                                      (or FILE), or printed with -
  ping                                whether the controllers answer

  A LIST is job ids joined by commas (12,13), array tasks (12_3, 12_[1-4])
  or, for hold and release, Name=NAME.

  -d, --details           more detail in show job
  -o, --oneliner          one line per record
  -V, --version           print the version
      --help, --usage     this help, a short usage line
";

pub(super) const SCONTROL_USAGE: &str = "\
Usage: scontrol [-d] [-o] [-V] [show|update|hold|uhold|release|requeue|requeuehold|suspend|resume|top|notify|wait_job|write|reconfigure|setdebug|completing|ping|quit] ...
";

pub(super) const SACCT: &str = "\
Usage: sacct [OPTIONS]
Accounting records of jobs and their steps (.batch, and .0, .1 for srun steps).

  -a, --allusers          jobs of all users (the default for root)
  -A, --accounts=LIST     only jobs charged to these accounts
  -b, --brief             only JobID, State and ExitCode
  -D, --duplicates        every run of a requeued job, not only the last
  -g, --group=LIST        only jobs of these groups
  -i, --nnodes=N[-M]      only jobs on exactly N nodes (or N to M)
  -I, --ncpus=N[-M]       only jobs of exactly N CPUs (or N to M)
  -j, --jobs=LIST         only these jobs (or steps: 42.batch, 42.0)
  -k, --timelimit-min=T   only jobs with this time limit (with -K, at least T)
  -K, --timelimit-max=T   with -k, at most T
  -l, --long              many fields
  -M, --clusters=LIST     only jobs of these clusters (this one: cluster)
  -N, --nodelist=HOSTS    only jobs that ran on any of these nodes
      --name=LIST         only jobs of these names
  -n, --noheader          no header lines
  -o, --format=FIELDS     fields to print, e.g. JobID,State,Elapsed%12
  -p, --parsable          fields separated by |, with a trailing |
  -P, --parsable2         fields separated by |
      --delimiter=TEXT    with -p or -P, TEXT between fields instead of |
  -q, --qos=LIST          only jobs of these QOS
  -r, --partition=LIST    only jobs of these partitions
  -s, --state=LIST        only jobs in these states (CD,F,TO,CA,NF,R,PD)
  -S, --starttime=TIME    jobs since this time (default: midnight)
  -E, --endtime=TIME      jobs until this time
      --units=K|M|G|T|P   memory sizes in this unit (ReqMem)
      --noconvert         memory sizes as recorded, in megabytes
  -u, --user=LIST         only jobs of these users
  -W, --wckeys=LIST       only jobs charged to these WCKeys
  -T, --truncate          start and end times cut to the -S/-E window (a run
                          still going ends at -E or now)
  -X, --allocations       jobs only, without their steps
  -e, --helpformat        the fields --format accepts
  -V, --version           print the version
      --help, --usage     this help, a short usage line
";

pub(super) const SACCT_USAGE: &str = "\
Usage: sacct [-a] [-A accounts] [-b] [-D] [-e] [-j jobs] [-l] [--name=names]
             [-n] [-o fields] [-p] [-P] [-r partitions] [-s states] [-S time]
             [-E time] [--units=unit] [-u users] [-X] [-V]
";

pub(super) const SPRIO: &str = "\
Usage: sprio [OPTIONS]
The priority of pending jobs and the weighted factors that make it up.

  -h, --noheader          no header line
  -j, --jobs=LIST         only these jobs
  -l, --long              all factors, with user and nice
  -n, --norm              factors as fractions of their weights
  -o, --format=FORMAT     the columns: %i %r %u %Y %S %A %B %F %J %P %Q %N
                          %T, lower case %y %a %b %f %j %p %q %t normalized
  -p, --partition=LIST    only jobs in these partitions
  -S, --sort=KEYS         order by these letters, - for descending (default i)
  -u, --user=LIST         only jobs of these users, with a user column
  -v, --verbose           print the options read first
  -w, --weights           the configured weights
  -V, --version           print the version
      --federation, --local, --sibling
                          accepted: this cluster is in no federation
      --help, --usage     this help, a short usage line
";

pub(super) const SPRIO_USAGE: &str = "\
Usage: sprio [-j jid[s]] [-u user_name[s]] [-o format] [-p partitions]
   [--federation] [--local] [--sibling] [--usage] [-hlnvVw]
";

pub(super) const SSHARE: &str = "\
Usage: sshare [OPTIONS]
Shares, usage and fair-share factors of accounts and users (Fair Tree).

  -a, --all               all users, not only you (also -u -1)
  -A, --accounts=LIST     only these accounts
  -e, --helpformat        the columns -o knows
  -l, --long              also NormUsage, LevelFS and TRES minutes
  -m, --partition         also the Partition column
  -n, -h, --noheader      no header lines
  -o, --format=LIST       these columns, NAME%WIDTH for a width
  -p, --parsable          fields separated by |, with a trailing |
  -P, --parsable2         fields separated by |
  -u, --users=LIST        these users
  -U, --Users             only user lines
  -v, --verbose           name the users and accounts asked for
  -V, --version           print the version
      --help, --usage     this help, a short usage line
";

pub(super) const SSHARE_USAGE: &str = "\
Usage: sshare [-a] [-A accounts] [-e] [-l] [-m] [-n] [-o format] [-p] [-P]
              [-u users] [-U] [-v] [-V]
";

pub(super) const SACCTMGR: &str = "\
Usage: sacctmgr [OPTIONS] [COMMAND [ENTITY] [CONDITIONS...]]
Show and change the accounting database: associations, users, accounts
and QOS. Changes are for root and operators. Without COMMAND, it reads
commands at its own prompt (sacctmgr: ), or from a pipe, until quit.

  show|list associations  accounts and users with their shares and QOS
  show|list users         users, their default account and admin level
  show|list accounts      accounts, descriptions and organizations
  show|list qos           qualities of service and their priorities
  show|list cluster       the cluster, its controller and root association
                          (WOLimits: without the limits)
  show|list tres          the TRES the database tracks (type=, names=, ids=)
  show|list reservation, wckey, runawayjobs
                          none here, as sacctmgr prints none
  conditions: user=LIST account=LIST name=LIST format=F1,F2%WIDTH
              tree (associations), withassoc (users and accounts)
  add account NAME [parent=P] [fairshare=N]
  add user NAME account=A [defaultaccount=A] [fairshare=N]
  modify account|user [where] name=NAME [account=A] set fairshare=N
  delete account|user [where] name=NAME [account=A]

  -i, --immediate         commit without asking (asked only when an
                          answer is piped in: echo y | sacctmgr ...)

  -n, --noheader          no header lines
  -p, --parsable          fields separated by |, with a trailing |
  -P, --parsable2         fields separated by |
  -s, --associations      users and accounts with their associations
  -r, --readonly          refuse changes
  -V, --version           print the version
      --help, --usage     this help
";

pub(super) const SSTAT: &str = "\
Usage: sstat [OPTIONS] -j JOB[.STEP]
Resource use of a running job's steps: CPU time, memory, disk.
Without a step: the lowest-numbered running step (JOB.batch for the
batch script itself).

  -a, --allsteps          every running step of the job
  -e, --helpformat        the fields -o accepts
  -i, --pidformat         job id, nodes and pids
  -j, --jobs=LIST         the jobs or steps (JOB, JOB.STEP, JOB.batch)
  -n, --noheader          no header lines
  -o, --format=LIST       these fields (NAME or NAME%WIDTH)
  -p, --parsable          fields separated by |, with a trailing |
  -P, --parsable2         fields separated by |
  -V, --version           print the version
      --help, --usage     this help
";

pub(super) const SEFF: &str = "\
Usage: seff [-d] JOBID
How well a job used what it held, from the accounting records: the CPU
time of its steps over its cores times its wall time, and the largest
resident memory of a step (times that step's tasks) over the memory it
asked for. Pending jobs have no figures yet; running ones are marked
as possibly misleading.

  -d                      the raw figures first
  -h                      seff's usage lines
  -v                      seff's version
      --help              this help
";

pub(super) const SREPORT: &str = "\
Usage: sreport [OPTIONS] cluster REPORT [CONDITIONS]
       sreport [OPTIONS] job REPORT [CONDITIONS]
       sreport [OPTIONS] reservation utilization [CONDITIONS]
       sreport [OPTIONS] user topusage [CONDITIONS]
       sreport [OPTIONS]
The CPU time of a window (default: yesterday) from the jobs' accounting
records. Cluster reports, in whole hours: utilization,
AccountUtilizationByUser, UserUtilizationByAccount (UA),
UserUtilizationByWckey (UW) and WCKeyUtilizationByUser (these two need
TrackWCKey=yes). Conditions: start= end= clusters= users= accounts= tree
user= wckeys= topcount= group format=NAME[%WIDTH],..
Job reports, each account's (or wckey's) jobs by size in CPUs:
SizesByAccount, SizesByWckey and SizesByAccountAndWcKey, all under root
unless accounts=, AcctAsParent or FlatView; also grouping=N,N,..|individual,
PrintJobCount, jobs=, partitions=, gid=. Reservation utilization: this
cluster has no reservations, so only its header.
Without a report, it reads commands at its own prompt (sreport: ), or
from a pipe, until quit; there time UNITS, sort name|time, parsable,
parsable2, nonparsable, quiet and verbose hold for the commands after.

  -n, --noheader          no header lines
  -p, --parsable          fields separated by |, with a trailing |
  -P, --parsable2         fields separated by |
  -Q, --quiet             no \"too few arguments\" errors
  -t UNITS                Seconds, Minutes (default), Hours, Percent,
                          SecPer, MinPer or HourPer
  -v, --verbose           say \"no input\" for a blank line
  -V, --version           print the version
      --help, --usage     this help
";
