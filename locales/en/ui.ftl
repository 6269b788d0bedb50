# UI strings of the book, in English (the source language).
# Translators: copy this file to locales/<lang>/ui.ftl and translate the
# values; keep the ids. `.ci/check-content` lists what is missing.

language-name = English
# The BCP 47 tag of the variety these strings and pages are written in
# (`lang` and `hreflang` attributes); the folder's code when left out.
language-tag = en
book-tagline = An interactive textbook on running work on GPU clusters.

# How numbers are written: the decimal separator, and the thousands
# separator (`space` for a narrow space, `none` for nothing).
number-decimal = .
number-group = ,

skip-to-content = Skip to content
nav-book = Book contents
nav-contents = Contents
nav-open-menu = Open the contents
nav-close-menu = Close the contents
nav-on-this-page = On this page
nav-previous = Previous
nav-next = Next
nav-pages = Pages

lang-switch-label = Language
# Beside a language whose book.toml says status = "in-progress", in that
# language: how much of the book it has translated.
lang-in-progress = translation in progress: { $percent }% done
theme-to-dark = Switch to the dark theme
theme-to-light = Switch to the light theme

code-copy = Copy
code-copied = Copied
section-anchor = Link to this section

callout-note = Note
callout-tip = Tip
callout-important = Important
callout-warning = Warning
callout-caution = Caution

contents-sections = { $count ->
    [one] One section
   *[other] { $count } sections
}
contents-exercises = { $done } of { $count ->
    [one] { $count } exercise
   *[other] { $count } exercises
  } done
contents-lab-goals = { $done } of { $count ->
    [one] { $count } goal
   *[other] { $count } goals
  } met
contents-forget = Forget my progress
contents-forget-confirm = Forget your exercise answers and your labs, in every language of the book? This cannot be undone.
contents-start = Start reading
progress-title = Your progress
progress-intro = Your answers and labs are kept in this browser only. Save them to a file to carry them to another browser, to keep a copy, or to hand them in: your instructor can replay each saved lab and check that it reaches its goals.
progress-save = Save to a file
progress-load = Load from a file
progress-saved = Saved as gpu-book-progress.txt in your downloads.
progress-not-saved = This browser would not make the file. Nothing was changed.
progress-imported = Loaded from the file: { $exercises ->
        [one] one exercise
       *[other] { $exercises } exercises
    } and { $labs ->
        [one] one lab
       *[other] { $labs } labs
    }.
progress-nothing-new = The file holds nothing this browser does not already have. Nothing was changed.
progress-cancelled = Nothing was loaded.
progress-too-large = This file is larger than { $size } KB, far more than any progress file, so it was not read. Nothing was changed.
progress-unreadable = This is not a progress file of this book ({ $why }). Nothing was changed.
progress-not-read = The browser could not read this file. Nothing was changed.
# Why stored progress, or a file of it, could not be read: the line, what
# is wrong with it ({ $problem }, one of progress-bad-*) and its start.
progress-bad-line = line { $line }: { $problem }, “{ $text }”
progress-bad-header = not the first line this book writes
progress-bad-exercise = an exercise that cannot be read
progress-bad-proof = the record of a task done outside an exercise
progress-bad-lab = a lab that cannot be read
progress-bad-event = a line that cannot be read
progress-bad-event-outside = a step before any exercise or lab
progress-bad-newer = saved by a newer version of the book
progress-newer = This progress was saved by a newer version of the book. Reload the page to get it, then try again. Nothing was changed.
progress-conflicts = This browser and the file both have these labs, at different points. Choose which to keep for each; the one further along is proposed.
progress-keep-browser = Keep this browser's: incident { $seed }, { $met } of { $goals } goals met
progress-take-file = Take the file's: incident { $seed }, { $met } of { $goals } goals met
progress-proposed = (further along)
progress-apply = Load
progress-cancel = Cancel

fallback-note = This page has not been translated into { $language } yet, so you are reading the English version.

widget-ring-allreduce = Ring all-reduce
widget-fair-share = Fair-share priority calculator
widget-young-daly = Checkpoint interval explorer
widget-slurm-shell = Slurm shell
content-notice = This part of the page could not be shown.

not-found-title = Page not found
not-found-body = There is no page at this address in the book.
not-found-home = Go to the contents
not-found-pages = The book's pages:

island-static = This widget comes alive with JavaScript and WebAssembly; until then it shows its starting state.
island-stopped = This widget stopped after an unexpected error. The text of the page is unaffected: reload it to try again.
island-static-exercise = Checking your answer needs JavaScript and WebAssembly; "Show the answer" works without them.

root-choose = Choose a language
assets-missing = This page's stylesheet and scripts did not load, so it shows as plain text. The book's files must stay together as the build wrote them: copy the whole dist/ folder to the host and serve it as it is (the README's Hosting section lists each host's settings).

## Figures (`figure <name>` blocks, drawn when the book is built). Each has
## a short name (-title), a caption under it, and a description in words of
## everything it shows (-desc), which screen readers read in its place.
## State names and commands (PENDING, idle, State=DRAIN) stay as Slurm prints them.
figure-cuda-stack-title = The CUDA software stack, from the GPU up
figure-cuda-stack-caption = The CUDA stack's layers and who installs them: the machine's once per node, the application's with each job.
figure-cuda-stack-app-band = The application's layers
figure-cuda-stack-app-who = Brought by each job, in its container image or environment: jobs on the same node can bring different versions.
figure-cuda-stack-host-band = The machine's layers
figure-cuda-stack-host-who = Installed once per node by an administrator: a container cannot bring them, it uses the host's.
figure-cuda-stack-code = Your training script
figure-cuda-stack-frameworks = Frameworks
figure-cuda-stack-libraries = Libraries
figure-cuda-stack-runtime = CUDA runtime and toolkit
figure-cuda-stack-user-driver = User-mode driver
figure-cuda-stack-kernel-module = Kernel module
figure-cuda-stack-gpu = The GPU
figure-cuda-stack-desc = Layers stacked from the bottom up. At the bottom is the GPU itself. Above it are the machine's two layers, which an administrator installs once per node: the kernel module, nvidia.ko, which talks to the hardware, and the user-mode driver, libcuda.so, which comes with it in the driver package. A container cannot bring these: it uses the ones loaded on the host. Above them are the application's layers, which each job brings in its container image or environment, so jobs on the same node can bring different versions: the CUDA runtime and toolkit (libcudart, nvcc), the libraries built on it (cuBLAS, cuDNN, NCCL, CUTLASS), the frameworks (PyTorch, JAX), and at the top your training script.
figure-job-states-title = A Slurm job's states and what moves it between them
figure-job-states-caption = A job's life in Slurm: it waits as PENDING, runs, cleans up as COMPLETING and ends in one of four states. A hold keeps it waiting; a requeue sends it back to the queue.
figure-job-states-held = held until released
figure-job-states-start = starts when its turn comes and its nodes are free
figure-job-states-ends = the job ends; its nodes clean up after it
figure-job-states-completed = exit code 0
figure-job-states-failed = any other exit code
figure-job-states-timeout = reached its --time limit
figure-job-states-cancelled = scancel, or an admin
figure-job-states-desc = A job starts as PENDING, waiting in the queue. scontrol hold keeps a pending job held (still PENDING, with the hold as its reason) until scontrol release lets it wait for its turn again. When its turn comes and its nodes are free, the job becomes RUNNING. scontrol requeue sends a running job back to PENDING, to start again, from its checkpoint if it saves them. When the job ends it is COMPLETING while its nodes clean up after it, and then it stays in one of four states: COMPLETED if it exited with code 0, FAILED if it exited with any other code, TIMEOUT if it reached its --time limit, or CANCELLED if scancel or an administrator stopped it. scancel also cancels a pending job, which goes straight to CANCELLED without ever running.
figure-node-states-title = A Slurm node's states and what moves it between them
figure-node-states-caption = A node's states as sinfo prints them: jobs move it between idle, mix and alloc; a drain lets the running jobs finish; State=RESUME returns it to service.
figure-node-states-idle = up, nothing running
figure-node-states-mix = partly in use
figure-node-states-alloc = fully allocated
figure-node-states-drain = drained: empty, no new jobs
figure-node-states-drng = draining: jobs still running
figure-node-states-down = not responding
figure-node-states-jobs = jobs start ↓ or end ↑
figure-node-states-last-job = its last job ends
figure-node-states-not-responding = from any state, when the node stops responding
figure-node-states-desc = Six states, as sinfo prints them. An idle node runs nothing. As jobs start on it, it becomes mix (partly in use) and then alloc (fully allocated); as they end, it goes back through mix to idle. scontrol update with State=DRAIN turns an idle node straight into drain (drained: empty, taking no new jobs), and a mix or alloc node into drng (draining): the jobs running there finish, no new job starts, and when its last job ends the node becomes drain. State=RESUME returns a drained node to idle. From any state, a node that stops responding becomes down, and whatever ran on it is lost; once it is fixed and answering, State=RESUME returns it to idle too.
figure-ring-vs-tree-title = Ring and tree all-reduce on eight ranks
figure-ring-vs-tree-caption = The same eight ranks two ways: the ring takes 2(n − 1) steps with every link busy; the tree takes about 2 log₂ n rounds, each sending the whole buffer.
figure-ring-vs-tree-ring = Ring
figure-ring-vs-tree-ring-how = In every step each rank sends one chunk to its right-hand neighbour: n − 1 steps of reduce-scatter, then n − 1 of all-gather.
figure-ring-vs-tree-ring-steps = n = 8: 14 steps
figure-ring-vs-tree-tree = Tree
figure-ring-vs-tree-tree-how = Ranks combine their buffers in pairs, then pairs of pairs, up to a root (the reduce, arrows up); a broadcast takes the sum back down the same way.
figure-ring-vs-tree-tree-steps = n = 8: 3 rounds up and 3 down, each sending the whole buffer
figure-ring-vs-tree-desc = Two drawings of the same eight ranks, numbered 0 to 7. In the ring, the ranks sit in a circle and each has one arrow, to its right-hand neighbour. Every buffer is cut into eight chunks, and in each step every rank sends one chunk to its neighbour: after 7 steps of reduce-scatter each rank holds the complete sum of one chunk, and after 7 more of all-gather every rank has every chunk, 2(n − 1) = 14 steps in all with every link busy in each. In the tree, the eight ranks form the bottom row and the arrows go up in pairs: 1 into 0, 3 into 2, 5 into 4 and 7 into 6; then 2 into 0 and 6 into 4; then 4 into 0, the root, which holds the sum after log₂ 8 = 3 rounds. A broadcast sends it back down the same way in 3 more rounds, about 2 log₂ n in all, but every round sends the whole buffer.

## Self-check exercises
exercise-title = Check yourself
exercise-done = done
exercise-check = Check
exercise-choose-first = Choose an answer first.
exercise-right = Right.
exercise-wrong = Not quite.
exercise-option-right = Answer { $n }: right
exercise-option-wrong = Answer { $n }: wrong
exercise-show-answer = Show the answer
exercise-task-done = The cluster shows the task done.
exercise-task-restart = Start the task over
exercise-answer-is = The answer is { $value } (within { $tolerance } counts as right).
exercise-your-answer = Your answer
exercise-number-hint = With a unit if you like; a bare number is read in { $unit }.
exercise-number-hint-plain = A number, as you would write it in the text.

## Units of time, after a number.
unit-seconds = s
unit-minutes = min
unit-hours = h
unit-days = d
# "1 year"; unit-years after any other number.
unit-year = year
unit-years = years

## What a typed number's field says when it refuses it (every widget).
input-error-empty = Enter a value.
input-error-not-a-number = This is not a number.
input-error-decimal-mark = Decimals take a point here: write { $suggestion }.
input-error-ambiguous = Did you mean { $decimal } or { $thousands }? Write it as one of the two.
input-error-unit-duration = Unknown unit. Use s, min, h, d or y (seconds, minutes, hours, days, years).
input-error-unit-count = A count takes no unit (k for thousands is fine).
input-error-unit-size = Unknown unit. Use B, kB, MB, GB, TB or PB (or KiB … PiB).
input-error-unit-bandwidth = Unknown unit. Use B/s, kB/s, MB/s, GB/s, TB/s or PB/s (or KiB/s … PiB/s).
input-error-negative = It cannot be negative.
input-error-not-positive = It must be greater than zero.
input-error-zero-interval = An interval of zero would leave no time to compute. Enter a positive interval.
input-error-not-integer = It must be a whole number.
input-error-too-large = It must be at most { $n }.
input-error-too-long = That is beyond any real cluster: at most { $n } years.
input-error-too-many-bytes = That is more than { $n } PB.

## The checkpoint interval explorer (Young/Daly).
yd-presets = Example clusters
yd-preset-8-gpus = 8 GPUs
yd-preset-1024-gpus = 1,024 GPUs
yd-preset-16384-gpus-async = 16,384 GPUs, async sharded checkpoints
yd-checkpoint-label = Checkpoint cost (min)
yd-checkpoint-hint = How long training stalls for one checkpoint. A bare number is minutes (5); add a unit for others (90 s).
yd-gpu-mtbf-label = MTBF of one GPU (h)
yd-gpu-mtbf-hint = Mean time between failures of a single GPU (with its share of node and network). A bare number is hours (40000); or 5 years.
yd-gpus-label = GPUs in the job
yd-gpus-hint = The job fails when any of them does, e.g. 1024 or 16k.
yd-restart-label = Restart time (min)
yd-restart-hint = From failure to training again: requeue, start-up, loading the checkpoint. A bare number is minutes (10).
yd-interval-label = Your checkpoint interval (min)
yd-interval-hint = Time between checkpoints. A bare number is minutes (120); or 2 h. Or drag the slider below.
yd-interval-slider = Checkpoint interval
yd-job-mtbf = Job MTBF (a failure every…)
yd-failures-per-day = Failures per day
yd-young = Young's interval √(2CM)
yd-daly = Daly's optimum
yd-waste-chosen = Waste at your interval
yd-waste-optimum = Waste at Daly's optimum
yd-lost-per-failure = Work lost per failure, on average
yd-max-lost = Work lost per failure, at most
yd-side-too-frequent = You checkpoint too often: the time spent writing checkpoints (I/O) dominates the waste. A longer interval wastes less.
yd-side-near = Your interval is close to the optimum: I/O time and work lost to failures are balanced.
yd-side-too-rare = You checkpoint too rarely: work recomputed after failures dominates the waste. A shorter interval wastes less.
yd-regime-too-costly = A checkpoint takes at least twice the job's MTBF (C ≥ 2M): Daly's formula then says to checkpoint every M, and the job barely progresses. Make checkpoints cheaper (sharded, asynchronous) or the job's MTBF longer (fewer or more reliable parts).
yd-chart-x = Checkpoint interval (log scale)
yd-chart-y = Time wasted
yd-chart-alt = Chart of the fraction of time wasted against the checkpoint interval: the analytic curve, simulated runs with their error bars, Young's and Daly's optima and your interval.
yd-legend-analytic = Daly's expected waste
yd-legend-simulated = Simulated runs (mean ± standard error)
yd-legend-young = Young's interval
yd-legend-daly = Daly's optimum
yd-legend-chosen = Your interval

## The checkpoint cost from its parts (folded under the explorer).
cost-title = Work out the checkpoint cost from its parts
cost-state-label = State per checkpoint (GB)
cost-state-hint = Weights, optimizer state and more, all ranks together: about 16 bytes per parameter with Adam in mixed precision (70B parameters: 1.1 TB). A bare number is gigabytes.
cost-writers-label = Ranks writing in parallel
cost-writers-hint = Sharded checkpoints: each rank writes its own slice. 1 for a single writer.
cost-writer-bw-label = Write bandwidth per rank (GB/s)
cost-writer-bw-hint = What one rank can send to storage: 1 is 1 GB/s; or 500 MB/s.
cost-storage-bw-label = Storage bandwidth, all together (GB/s)
cost-storage-bw-hint = What the file system takes in from everyone at once: 100 is 100 GB/s; or 1 TB/s.
cost-async = Asynchronous: copy to host memory, then write in the background
cost-host-bw-label = Copy to host memory, per rank (GB/s)
cost-host-bw-hint = Device-to-host bandwidth of one rank: 20 is 20 GB/s.
cost-stall = Training stalls for
cost-write = the write takes
cost-use = Use as the checkpoint cost

## Fair-share calculator
fs-presets = Examples
fs-preset-two-teams = Two teams, 3:1 shares
fs-preset-burned-share = One team burned its share last week
fs-preset-new-team = New team, no usage
fs-algorithm = Fair-share algorithm
fs-algorithm-fair-tree = Fair Tree (Slurm's default since 19.05)
fs-algorithm-classic = Classic (PriorityFlags=NO_FAIR_TREE)
fs-algorithm-hint = Fair Tree ranks users: the factor is a rank, not a ratio. Classic computes 2^(−effective usage ÷ normalized shares).
fs-tree-caption = Accounts and users: raw shares and usage in GPU-hours
fs-col-kind = Kind
fs-col-name = Name
fs-col-parent = Parent account
fs-col-shares = Raw shares
fs-col-usage = Usage (GPU-h)
fs-kind-account = Account
fs-kind-user = User
fs-usage-sum = sum of its users
fs-remove = Remove
fs-add-account = Add an account under
fs-add-user = Add a user under
fs-add-account-parent = Parent of the new account
fs-add-user-parent = Account of the new user
fs-remove-question = { $name } has accounts or users under it. What becomes of them?
fs-remove-move-up = Move them up to { $parent }
fs-remove-all = Remove them too
fs-remove-cancel = Cancel
fs-history = Undo and redo
fs-undo = Undo
fs-redo = Redo
fs-history-hint = Ctrl+Z and Ctrl+Shift+Z work too, outside the text fields.
stale-note = These results are from the last valid input; fix the field marked above.
fs-sshare-caption-fair-tree = What sshare -a -l would show (Fair Tree)
fs-sshare-caption-classic = What sshare -a -l would show (classic fair-share)
fs-raw-usage-gpu-h = RawUsage (GPU-h)
fs-settings = Weights, decay and cluster
fs-weights = Priority weights (slurm.conf)
fs-w-age-label = PriorityWeightAge
fs-w-age-hint = Rewards time spent waiting, up to PriorityMaxAge (7 days).
fs-w-fairshare-label = PriorityWeightFairshare
fs-w-fairshare-hint = Usually the largest weight: it makes fair-share decide.
fs-w-jobsize-label = PriorityWeightJobSize
fs-w-jobsize-hint = Favours large jobs (nodes and CPUs over the cluster's).
fs-w-partition-label = PriorityWeightPartition
fs-w-partition-hint = Multiplies the partition's PriorityJobFactor, normalized.
fs-w-qos-label = PriorityWeightQOS
fs-w-qos-hint = Multiplies the QOS priority, normalized.
fs-w-gpu-label = PriorityWeightTRES=GRES/gpu
fs-w-gpu-hint = Multiplies the job's share of the partition's GPUs.
fs-decay = Usage decay
fs-half-life-label = PriorityDecayHalfLife (d)
fs-half-life-hint = In days unless you add a unit (12 h). 0 turns decay off.
fs-reset-label = PriorityUsageResetPeriod
fs-reset-hint = With no decay, usage must be reset periodically.
fs-cluster = Cluster
fs-nodes-label = Nodes
fs-nodes-hint = In the partition.
fs-cpus-per-node-label = CPUs per node
fs-cpus-per-node-hint = For the job size factor.
fs-gpus-per-node-label = GPUs per node
fs-gpus-per-node-hint = For the GPU TRES factor.
fs-job = The pending job
fs-job-assoc-label = User and account
fs-job-assoc-hint = The association the job charges.
fs-job-nodes-label = Nodes
fs-job-nodes-hint = Requested nodes.
fs-job-cpus-label = CPUs
fs-job-cpus-hint = Requested CPUs in all.
fs-job-gpus-label = GPUs
fs-job-gpus-hint = Requested GPUs in all.
fs-job-age-label = Time waiting (h)
fs-job-age-hint = In hours unless you add a unit (30 min, 2 d).
fs-job-partition-label = Partition factor
fs-job-partition-hint = From 0 to 1: PriorityJobFactor over the largest.
fs-job-qos-label = QOS factor
fs-job-qos-hint = From 0 to 1: the QOS priority over the largest.
fs-qos-cap-label = GPUs per account
fs-qos-cap-hint = A QOS limit such as GrpTRES=gres/gpu=32.
fs-priority-title = The job's priority
fs-priority-total = Priority:
fs-factor-from-fair-tree = The fair-share factor comes from Fair Tree: the user's rank among all users.
fs-factor-from-classic = The fair-share factor comes from classic fair-share: 2^(−effective usage ÷ normalized shares).
fs-col-factor = Factor
fs-col-value = Value (0–1)
fs-col-weight = Weight
fs-col-adds = Adds
fs-factor-age = Age
fs-factor-fair-share = Fair-share
fs-factor-job-size = Job size
fs-factor-partition = Partition
fs-factor-qos = QOS
fs-sprio-title = As sprio -l prints it
fs-sprio-rounding = Slurm adds the weighted factors and cuts the sum to a whole number, while sprio rounds each column on its own: the columns can add up to one more than the priority.
fs-decay-title = Past usage being forgiven
fs-decay-x = Days from now
fs-decay-y = Factor / effective usage
fs-decay-alt = Each team's fair-share factor and effective usage over the coming days, as past usage decays.
fs-legend-solid-factor = solid: fair-share factor (mean of the team's users)
fs-legend-dashed-usage = dashed: effective usage
fs-decay-explain = From now on every team runs exactly its share of the cluster while the past decays with the half-life (or is reset): effective usage drifts toward the shares and the factors even out. Under Fair Tree the factor is a rank, so it moves only when the order of the users changes.
fs-story-title = The story: 1,000 jobs against 10
fs-story-intro = On 64 GPUs, team A (the first account) queues 1,000 one-hour jobs of 8 GPUs; a minute later team B (the second account) queues 10. Shares, past usage (the users’ GPU-hours), algorithm and half-life come from above.
fs-story-qos-cap = Cap each account's GPUs with a QOS
fs-story-preemption = Preempt (requeue) jobs of an account over its share
fs-story-b-wait-fcfs = Team B's first job starts, first come first served
fs-story-b-wait-fair = Team B's first job starts, fair-share
fs-story-b-done-fcfs = Team B finishes, first come first served
fs-story-b-done-fair = Team B finishes, fair-share
fs-story-a-done-fair = Team A finishes, fair-share
fs-story-never = not within a year
fs-story-preempted = { $count ->
    [one] One job was preempted, losing { $lost } GPU-hours of work since its last checkpoint.
   *[other] { $count } jobs were preempted, losing { $lost } GPU-hours of work since their last checkpoints.
}
fs-story-error = The story cannot run with these settings.
fs-story-x = Hours
fs-story-y = Team B's running GPUs
fs-story-alt = Team B's running GPUs over time under first come first served and under fair-share.
fs-story-legend-fcfs = first come, first served (dashed)
fs-story-legend-fair = fair-share (solid)
fs-error-factor = A factor lies between 0 and 1.
fs-error-empty-name = Enter a name.
fs-error-bad-name = Names cannot contain spaces, commas or quotes.
fs-error-duplicate = This name is already in the tree.
fs-error-unknown-parent = There is no account called “{ $name }”. Use root or an account of the tree.
fs-error-cycle = These accounts are each other's parents and never reach root.
fs-error-usage-without-shares = This association has usage but no shares.
fs-error-zero-shares = The associations under “{ $name }” have zero shares in total; give at least one a share.
fs-error-empty-tree = The tree needs at least one user.
fs-error-too-many = At most { $n } associations.
fs-error-never-decays = With a half-life of 0, choose a reset period, or usage only grows.
fs-error-no-such-user = Choose a user of the tree.
fs-error-more-than-cluster = More than the cluster's { $n }.
fs-error-cap-below-job = Smaller than one job ({ $n } GPUs): nothing could run.
fs-error-two-teams = The story needs two accounts directly under root.

## Ring all-reduce
ar-device-probing = Looking for a GPU…
ar-device-gpu = Running on your GPU: { $name }.
ar-device-unnamed = an unnamed WebGPU adapter
ar-device-software = a software WebGPU adapter (no GPU hardware)
ar-device-described = { $adapter } (the browser gives no model name)
ar-device-software-described = { $adapter }, a software WebGPU adapter (no GPU hardware)
ar-device-why = Why?
ar-cpu-no-webgpu = This browser has no WebGPU, so the same schedule runs on the CPU.
ar-cpu-no-adapter = The browser offered no GPU adapter, so the same schedule runs on the CPU.
ar-cpu-device-request = The GPU refused to open a device, so the same schedule runs on the CPU.
ar-ranks-label = Ranks
ar-ranks-hint = From 2 to 64, one per simulated GPU.
ar-elements-label = Elements per rank
ar-elements-hint = The buffer each rank contributes; it need not divide evenly.
ar-slow-label = Slow link
ar-slow-hint = Bandwidth of the link from rank 0 to rank 1, as a fraction of the others (1 = none slow).
ar-bw-label = Link bandwidth (GB/s)
ar-bw-hint = For the modelled chart: NVLink is hundreds, InfiniBand tens.
ar-alpha-label = Latency (µs)
ar-alpha-hint = For the modelled chart: the start-up cost of every message.
ar-ranks-reading = { $ranks ->
    [one] { $ranks } rank
   *[other] { $ranks } ranks
}
ar-elements-reading = { $size } per rank
ar-slow-reading = { $percent } of the other links' bandwidth
ar-slow-reading-none = no slow link
ar-bw-reading = { $rate } GB/s per link
ar-alpha-reading = { $micros } µs per message
ar-algorithm = Algorithm
ar-algorithm-ring = Ring: reduce-scatter, then all-gather
ar-algorithm-tree = Tree: reduce to rank 0, then broadcast
ar-type = Data type
ar-type-f32 = f32 (float)
ar-type-i32 = i32 (int32)
ar-controls = Playback
ar-reset = Reset
ar-back = ◀ Step back
ar-play = ▶ Play
ar-pause = Pause
ar-forward = Step ▶
ar-speed = Speed
ar-step-of = Step { $step } of { $total }:
ar-phase-reduce-scatter = reduce-scatter. Each rank sends one chunk to its right-hand neighbour, which adds it to its own.
ar-phase-all-gather = all-gather. Each rank passes a finished chunk on; the receiver copies it.
ar-phase-reduce = reduce. Pairs of ranks add their buffers up the tree towards rank 0.
ar-phase-broadcast = broadcast. The full sum travels back down the tree.
ar-phase-done = done. Every rank holds the full sum.
ar-legend-fill = Each rank's bar shows its chunks: the more ranks a chunk already sums, the darker it is; green chunks hold the full sum.
ar-check-gpu-match = The GPU's buffers equal the CPU reference's, element for element, after this step.
ar-check-cpu = Computed by the CPU reference.
ar-check-mismatch = Mismatch: rank { $rank }, element { $index }: the GPU has { $gpu }, the CPU reference { $cpu }.
ar-buffers-caption = The first values of the first ranks' buffers after this step
ar-buffers-caption-start = The first values of the first ranks' buffers before the first step: the starting data
ar-model-title = Modelled time: ring against tree
ar-model-x = Message size per rank
ar-model-y = Time
ar-model-alt = Modelled all-reduce time against message size for ring and tree, log-log, with the slow link when there is one.
ar-legend-ring = ring
ar-legend-tree = tree
ar-legend-ring-slow = ring with the slow link
ar-legend-ring-healthy = ring, every link healthy
ar-legend-tree-slow = tree with the slow link
ar-crossover-tree-slow = With the slow link in both, the tree is faster below { $size } per rank, the ring above.
ar-crossover-ring-slow = With the slow link in both, the ring is faster below { $size } per rank, the tree above.
ar-crossover-tree = With these links the tree is faster below { $size } per rank, the ring above.
ar-crossover-ring = With these links the ring is faster below { $size } per rank, the tree above.
ar-crossover-none = With these links one algorithm is never slower than the other.
ar-measure-title = A measured run
ar-measure-intro = Runs all_reduce_perf -b 8 -e <largest> -f 2 with your ranks simulated on this one device. The figures measure this device's memory, not a network.
ar-measure-max = Largest size per rank
ar-measure = Run all_reduce_perf
ar-measuring = Running…
ar-measured-gpu = Measured on { $name }, every rank simulated on that one GPU.
ar-measured-cpu = Measured on the CPU, every rank simulated in this tab.
ar-versus-copy = At the largest size the reduction moved { $reduce } GB/s, against { $copy } GB/s for a plain copy of the same buffers in the same run: { $percent } %.
ar-error-cpu-too-large = On the CPU the ranks’ buffers may hold 512 MiB together; choose a smaller largest size or fewer ranks.
ar-error-too-large-for-gpu = Too large for this GPU: { $requested } MiB asked for, at most { $limit } MiB ({ $which }).
ar-gpu-rejected = Your GPU's driver refused this work, so the same schedule runs on the CPU.
ar-gpu-out-of-memory = Your GPU ran out of memory for these buffers, so the same schedule runs on the CPU; fewer elements or ranks would fit.
ar-gpu-lost = The GPU was lost (a driver reset, or the tab spent too long in the background), so the same schedule runs on the CPU. Reload the page to use the GPU again.
ar-gpu-readback = The results could not be read back from the GPU, so the same schedule runs on the CPU.
ar-gpu-details = What the browser said
ar-error-ranks = From 2 to 64 ranks.
ar-error-too-many-elements = At most { $n } elements per rank for this many ranks.
ar-error-fraction = A fraction above 0 and at most 1.

## Slurm shell
sh-intro = A terminal on the login node of a simulated cluster: four nodes of eight GPUs, partitions gpu and debug, as configured in the chapter. Try sinfo, squeue, sbatch, scontrol show node node-3, or ssh node-3 nvidia-smi. Type help for everything it knows.
sh-speed = Simulated time
sh-speed-paused = paused
sh-keys = Enter runs a command; ↑ and ↓ walk the history; Tab completes a word (on an empty line it moves on, as usual); Ctrl+C abandons the line; Ctrl+L clears the screen; Esc leaves full screen. The copy button beside a command copies what it printed.
sh-copy = copy
sh-copied = copied
sh-copy-failed = select it to copy
sh-copy-last = Copy the last output
sh-full = Full screen
sh-full-leave = Leave full screen (Esc)

## Labs
lab-goals = Goals
lab-goal-done = done
lab-finding-duplicates = { $count } copies of the training job are waiting or running ({ $jobs }): cancel all but one with scancel, or they will overwrite each other's checkpoints.
lab-finding-failed-again = Job { $job } started again on the node at fault and failed again: the training is down, so its restart no longer counts. Drain that node first, then requeue the job: a drained node takes no new jobs.
lab-finding-on-culprit = Job { $job } is running on the node at fault and will fail there again. Drain that node, then requeue the job (scontrol requeue { $job } also stops a running job and puts it back in the queue).
lab-finding-unguarded = Job { $job } is back in the queue, but the node at fault is still in service, so the scheduler may place the job on it again. That is why you drain before you requeue: drain that node now, while the job waits.
lab-finding-wrong-drain = { $node } is drained, but nothing is wrong with it, and the node at fault is still in service. Put { $node } back with scontrol update NodeName={ $node } State=RESUME and look again for the node at fault.
lab-finding-extra-drain = { $node } is drained too, but nothing is wrong with it: it only leaves fewer nodes for the training. Put it back with scontrol update NodeName={ $node } State=RESUME.
lab-finding-starved = Job { $job } waits for resources (Resources in squeue): it needs four whole nodes, and with { $node } drained too few are free.
lab-finding-delayed = Job { $job } waits out the requeue delay (BeginTime in squeue), about two minutes: let the clock run.
lab-finding-waiting = Job { $job } is pending; squeue gives the reason { $reason }.
lab-goal-open = not yet
lab-hint = Show a hint
lab-solution = Show the solution
lab-solution-label = Solution:
lab-reset = Start the lab over
lab-reset-question = Start over? Everything you did in this lab will be forgotten.
lab-reset-confirm = Yes, start over
lab-reset-cancel = Keep going
lab-restored = Welcome back: your progress in this lab was restored.
lab-unreadable = Your saved progress could not be read ({ $why }), so the lab starts fresh.
lab-other-incident = This address asks for incident { $wanted }, but you have work saved on incident { $saved }, so that one opens: nothing you did is lost.
lab-other-incident-start = Start incident { $wanted } instead (forgets incident { $saved })

lab-bus-intro = You are alice, on call for this eight-node cluster tonight, with operator rights (you may drain nodes and requeue anyone's job). It is 03:32 and your own training job, llm-pretrain, has died. Everything you do here is saved in this browser. The goals below tick themselves as the cluster's state changes; any correct command counts.
lab-bus-goal-inspect = Look at the GPUs of the node that lost one (its kernel log or nvidia-smi)
lab-bus-goal-drain = Drain that node, with a reason
lab-bus-goal-requeue = Put the training job back in the queue
lab-bus-goal-resume = See it run again on healthy nodes, from its last checkpoint
lab-bus-hint-inspect-1 = sacct -j { $job } -o JobID,State,ExitCode,NodeList shows which nodes the failed job ran on; its output is llm-pretrain-{ $job }.out in your home directory. Every node's torchrun reports a failure at its end, but they did not all fail the same way: look for the one with exit code 1.
lab-bus-hint-inspect-2 = grep -E 'host|exitcode' llm-pretrain-{ $job }.out pairs each failure with its host. The one with exit code 1 (its rank reported a CUDA error) names the suspect; the others (-6) were cut off, then aborted by the watchdog. Confirm on it: ssh <that host> dmesg -T | grep NVRM shows an Xid 79.
lab-bus-hint-drain-1 = Drain it before you requeue the job, or the scheduler may place the job on it again. Draining is a node update: scontrol update NodeName=… State=DRAIN needs a Reason= too.
lab-bus-hint-drain-2 = Keep the reason short, it shows in sinfo -R: scontrol update NodeName=node-N State=DRAIN Reason="Xid 79 GPU lost"
lab-bus-hint-requeue-1 = A failed batch job can go back to the queue under its own id while the controller remembers it (this cluster keeps finished jobs for a day); submitting train.sh again works on any cluster.
lab-bus-hint-requeue-2 = scontrol requeue { $job }
lab-bus-hint-resume-1 = A requeued job waits about two minutes (BeginTime). Let the clock run, or type sleep 180.
lab-bus-hint-resume-2 = squeue -u alice shows where it runs; grep resuming in its output file shows the checkpoint it loaded.
lab-bus-solution-inspect = The only failure with exit code 1 in the output file is on { $node }; ssh { $node } dmesg -T | grep NVRM shows the Xid 79 of the GPU that fell off the bus, and ssh { $node } nvidia-smi prints only an error.
lab-bus-solution-drain = scontrol update NodeName={ $node } State=DRAIN Reason="Xid 79 GPU lost"
lab-bus-solution-requeue = scontrol requeue { $job } (or, as on any cluster, sbatch train.sh from your home directory).
lab-bus-solution-resume = sleep 180, then squeue -u alice: the job runs on nodes without { $node }; grep resuming llm-pretrain-*.out names the checkpoint it loaded.
lab-bus-complete = Lab complete: the broken node is out of service with a reason, and the training continues from its checkpoint on healthy nodes.

lab-lane-intro = You are alice, on call for this eight-node cluster tonight, with operator rights (you may drain nodes and requeue anyone's job). It is 03:32 and your own training job, llm-pretrain, crawled for hours and has just been killed by the NCCL watchdog. Everything you do here is saved in this browser. The goals below tick themselves as the cluster's state changes; any correct command counts.
lab-lane-goal-measure = Run all_reduce_perf on a pair of nodes that includes the slow one, and on a pair that does not
lab-lane-goal-drain = Drain the slow node, with a reason
lab-lane-goal-resubmit = Get the training running again without that node (submitted again excluding it, or requeued once it is drained)
lab-lane-goal-resume = See it resume from its checkpoint at full speed
lab-lane-hint-measure-1 = sacct -j { $job } -o JobID,State,NodeList lists the four nodes the job used. They are idle now: measure two pairs that share no node, then one cross-check.
lab-lane-hint-measure-2 = srun --mpi=pmix -N2 -w node-1,node-2 --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8, then node-3,node-4. Without --mpi=pmix each node tests only itself. Compare the busbw of the largest size.
lab-lane-hint-drain-1 = The node in the slow pair that is also slow with a known-good node is the culprit.
lab-lane-hint-drain-2 = scontrol update NodeName=node-N State=DRAIN Reason="low busbw nccl-tests"
lab-lane-hint-resubmit-1 = train.sh in your home directory is the job's script; sbatch can keep a job off a node with --exclude.
lab-lane-hint-resubmit-2 = sbatch --exclude=node-N train.sh (or sbatch -x node-N train.sh)
lab-lane-hint-resume-1 = Let the clock run until squeue shows the new job running.
lab-lane-hint-resume-2 = Its output file shows the checkpoint it resumed from and the seconds per step, back under one.
lab-lane-solution-measure = srun --mpi=pmix -N2 -w { $node },{ $partner } --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8, then the same with -w { $pair }: the pair with { $node } reaches { $percent }% of the other's busbw.
lab-lane-solution-drain = scontrol update NodeName={ $node } State=DRAIN Reason="low busbw nccl-tests"
lab-lane-solution-resubmit = sbatch --exclude={ $node } train.sh, from your home directory.
lab-lane-solution-resume = sleep 120, then squeue -u alice shows the new job running; grep resuming llm-pretrain-*.out shows the checkpoint and the seconds per step.
lab-lane-complete = Lab complete: the slow node is out of service with the evidence in its reason, and the training runs again at full speed from its checkpoint.

# The search box in the top bar (src/site/search_box.rs); the counts are
# written into each language's search index at build time.
search-label = Search the book
search-placeholder = Search
search-results-label = Search results
search-results = { $count ->
    [0] No results
    [one] { $count } result
   *[other] { $count } results
  }
search-results-more = More than { $count } results: the first { $count } are shown
search-unavailable = Search could not load. Reload the page to try again.

# The book's name under its icon once installed (a home screen fits about 12 characters).
app-short-name = GPU Clusters
# Offered when a newer build of the book has been stored for offline reading.
update-available = A new version of this book is ready.
update-reload = Reload to read it
# A lab's own incident, drawn for each learner: a list of terms and values above the goals.
lab-incident = Your incident
lab-incident-job = Your job
lab-incident-state = Ended
lab-incident-nodes = Nodes it used
lab-incident-seed = Incident number
