# UI strings of the book, in English (the source language).
# Translators: copy this file to locales/<lang>/ui.ftl and translate the
# values; keep the ids. `.ci/check-content` lists what is missing.

language-name = English
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
contents-start = Start reading

fallback-note = This page has not been translated into { $language } yet, so you are reading the English version.

widget-coming = This interactive widget is coming in a later version of the book.
widget-ring-allreduce = Ring all-reduce
widget-fair-share = Fair-share priority calculator
widget-young-daly = Checkpoint interval explorer
widget-slurm-shell = Slurm shell
content-notice = This part of the page could not be shown.

not-found-title = Page not found
not-found-body = There is no page at this address in the book.
not-found-home = Go to the contents

error-title = Something went wrong
error-body = The page hit an unexpected error. Reload it to try again: the address keeps your place in the book.

## Units of time, after a number.
unit-seconds = s
unit-minutes = min
unit-hours = h
unit-days = d

## The checkpoint interval explorer (Young/Daly).
yd-presets = Example clusters
yd-preset-8-gpus = 8 GPUs
yd-preset-1024-gpus = 1,024 GPUs
yd-preset-16384-gpus-async = 16,384 GPUs, async sharded checkpoints
yd-checkpoint-label = Checkpoint cost
yd-checkpoint-hint = How long training stalls for one checkpoint, e.g. 90s, 5 min.
yd-gpu-mtbf-label = MTBF of one GPU
yd-gpu-mtbf-hint = Mean time between failures of a single GPU (with its share of node and network), e.g. 5y, 40000h.
yd-gpus-label = GPUs in the job
yd-gpus-hint = The job fails when any of them does, e.g. 1024 or 16k.
yd-restart-label = Restart time
yd-restart-hint = From failure to training again: requeue, start-up, loading the checkpoint.
yd-interval-label = Your checkpoint interval
yd-interval-hint = Time between checkpoints, e.g. 2h. Or drag the slider below.
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
yd-regime-too-costly = A checkpoint takes at least half the job's MTBF (C ≥ 2M): Daly's formula then says to checkpoint every M, and the job barely progresses. Make checkpoints cheaper (sharded, asynchronous) or the job's MTBF longer (fewer or more reliable parts).
yd-chart-x = Checkpoint interval (log scale)
yd-chart-y = Time wasted
yd-chart-alt = Chart of the fraction of time wasted against the checkpoint interval: the analytic curve, simulated runs with their error bars, Young's and Daly's optima and your interval.
yd-legend-analytic = Daly's expected waste
yd-legend-simulated = Simulated runs (mean ± standard error)
yd-legend-young = Young's interval
yd-legend-daly = Daly's optimum
yd-legend-chosen = Your interval
yd-error-empty = Enter a value.
yd-error-not-a-number = This is not a number. Write a number and a unit, e.g. 5 min.
yd-error-unit = Unknown unit. Use s, min, h, d or y (seconds, minutes, hours, days, years).
yd-error-not-positive = It must be greater than zero.
yd-error-negative = It cannot be negative.
yd-error-zero-interval = An interval of zero would leave no time to compute. Enter a positive interval.
yd-error-too-large = That is beyond any real cluster (more than 100 years, or more than 10 million GPUs).
yd-error-not-integer = A GPU count is a whole number.

## The checkpoint cost from its parts (folded under the explorer).
cost-title = Work out the checkpoint cost from its parts
cost-state-label = State per checkpoint
cost-state-hint = Weights, optimizer state and more, all ranks together: about 16 bytes per parameter with Adam in mixed precision (70B parameters: 1.1 TB).
cost-writers-label = Ranks writing in parallel
cost-writers-hint = Sharded checkpoints: each rank writes its own slice. 1 for a single writer.
cost-writer-bw-label = Write bandwidth per rank
cost-writer-bw-hint = What one rank can send to storage, e.g. 1 GB/s.
cost-storage-bw-label = Storage bandwidth, all together
cost-storage-bw-hint = What the file system takes in from everyone at once, e.g. 100 GB/s.
cost-async = Asynchronous: copy to host memory, then write in the background
cost-host-bw-label = Copy to host memory, per rank
cost-host-bw-hint = Device-to-host bandwidth of one rank, e.g. 20 GB/s.
cost-stall = Training stalls for
cost-write = the write takes
cost-use = Use as the checkpoint cost
cost-error-unit = Unknown unit. Use B, kB, MB, GB, TB or PB (or KiB … PiB), with /s for a bandwidth.
cost-error-too-large = That is more than an exabyte.
cost-error-not-integer = A number of ranks is a whole number.
