// The two hands-on labs, completed as a learner would: find the culprit
// from the shell's own output (never from a known answer), fix it, and
// watch the checklist tick itself. Progress survives a reload; reset and
// a corrupt save start fresh. In English and in Spanish.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { test } from "node:test";
import assert from "node:assert/strict";
import { env, openPage, visit, waitForIslands } from "./harness.mjs";

/** What the page says, per language. */
const WORDS = {
  en: {
    locale: "en-US",
    intro: /on call for this eight-node cluster/,
    goals: /Goals/,
    hint: "Show a hint",
    solution: "Show the solution",
    reset: "Start the lab over",
    confirm: "Yes, start over",
    welcome: /Welcome back/,
    complete: /Lab complete/,
  },
  es: {
    locale: "es-ES",
    intro: /de guardia en este clúster de ocho nodos/,
    goals: /Objetivos/,
    hint: "Ver una pista",
    solution: "Ver la solución",
    reset: "Empezar el laboratorio de nuevo",
    confirm: "Sí, empezar de nuevo",
    welcome: /Bienvenido de nuevo/,
    complete: /Laboratorio completado/,
  },
};

async function openLab(page, path) {
  await visit(page, path);
  const input = page.locator("#sh-input");
  await input.waitFor();
  // The clock keeps running; pause it so the test reads a still cluster.
  await page.locator(".term-bar select").selectOption("0");
  return input;
}

/** Types a line and returns what it printed (the log after the echo). */
async function run(page, input, line) {
  const before = await page.locator(".term-input-line").count();
  await input.fill(line);
  await input.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll(".term-input-line").length > n, before);
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll("[data-testid=sh-log] .term-line")];
    let i = lines.length - 1;
    while (i >= 0 && !lines[i].classList.contains("term-input-line")) i--;
    return lines.slice(i + 1).map((l) => l.textContent).join("\n");
  });
}

/** Saves the reader's progress from the contents page; the file's path. */
async function saveProgress(page) {
  await visit(page, "en/#your-progress");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save to a file" }).click()]);
  return download.path();
}

/** `slurm-shell --verify FILE --seed SEED`, as an instructor runs it. */
function verify(file, seed) {
  return spawnSync("cargo", ["run", "--quiet", "--locked", "--bin", "slurm-shell", "--", "--verify", file, "--seed", seed], {
    cwd: resolve(import.meta.dirname, "../.."),
    encoding: "utf8",
  });
}

const goals = (page) =>
  page.$$eval("[data-testid=lab-goals] .lab-goal", (items) => Object.fromEntries(items.map((li) => [li.dataset.goal, li.dataset.done === "true"])));

/** The failed training job and its nodes, from sacct and scontrol. */
async function failedJob(page, input) {
  const sacct = await run(page, input, "sacct -X -n -o jobid,jobname%15,state");
  const row = sacct.split("\n").find((l) => /llm-pretrain\s+FAILED/.test(l));
  assert.ok(row, sacct);
  const id = row.trim().split(/\s+/)[0];
  const show = await run(page, input, `scontrol show job ${id}`);
  const [, first, last] = show.match(/ NodeList=node-\[(\d+)-(\d+)\]/);
  const nodes = [];
  for (let n = Number(first); n <= Number(last); n++) nodes.push(`node-${n}`);
  return { id, nodes };
}

/** busbw of the 256 MiB row (out-of-place) for a pair of nodes. */
async function busbw(page, input, a, b) {
  const out = await run(page, input, `srun --mpi=pmix -N2 -w ${a},${b} --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8`);
  const row = out.split("\n").find((l) => l.trim().startsWith("268435456"));
  assert.ok(row, out);
  return Number(row.trim().split(/\s+/)[7]);
}

for (const [lang, w] of Object.entries(WORDS)) {
  test(`Fallen Off the Bus (${lang}): find the Xid 79, drain, requeue, and it resumes; progress survives a reload`, async () => {
    const { context, page } = await openPage({ locale: w.locale });
    const input = await openLab(page, `${lang}/fallen-off-the-bus?lab-seed=${lang === "en" ? 5 : 14}`);
    assert.match(await page.locator(".slurm-shell").innerText(), w.intro);
    assert.match(await page.locator(".lab-panel").innerText(), w.goals);
    assert.deepEqual(Object.values(await goals(page)), [false, false, false, false]);
    const job = await failedJob(page, input);
    // The learner is told their own incident above the terminal: the job sacct names, drawn from the seed.
    const incident = await page.$$eval("[data-testid=lab-incident] dd", (dds) => Object.fromEntries(dds.map((d) => [d.dataset.fact, d.textContent])));
    assert.deepEqual(
      { job: incident["lab-incident-job"], nodes: incident["lab-incident-nodes"], seed: incident["lab-incident-seed"] },
      { job: job.id, nodes: "4", seed: lang === "en" ? "5" : "14" },
    );
    assert.match(incident["lab-incident-state"], /^FAILED \d\d:\d\d:\d\d$/);
    assert.match(await run(page, input, `tail -1 llm-pretrain-${job.id}.out`), /srun: error: node-\d: task 3: Exited with exit code 1/);
    // A hint on request, for the first open goal.
    await page.getByRole("button", { name: w.hint }).click();
    assert.match(await page.locator("[data-testid=lab-hints]").innerText(), new RegExp(`sacct -j ${job.id} -o JobID,State,ExitCode,NodeList`));
    let culprit;
    for (const node of job.nodes) {
      const count = await run(page, input, `ssh ${node} dmesg -T | grep -c 'Xid'`);
      if (count.trim() !== "0") {
        culprit = node;
        break;
      }
    }
    assert.ok(culprit, "one node logged an Xid");
    assert.match(await run(page, input, `ssh ${culprit} dmesg -T | grep NVRM`), /NVRM: GPU Board Serial Number: .*\n.*79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus\./);
    // Log in to the node, as the lab's text does, and ask the driver.
    assert.match(await run(page, input, `ssh ${culprit}`), new RegExp(`^Linux ${culprit} `));
    assert.equal(await page.locator(".term-prompt").textContent(), `alice@${culprit}:~$ `);
    assert.match(await run(page, input, "nvidia-smi"), /Unable to determine the device handle for GPU0000:[0-9A-F]{2}:00\.0: Unknown Error/);
    assert.equal(await run(page, input, "exit"), `logout\nConnection to ${culprit} closed.`);
    assert.equal(await page.locator(".term-prompt").textContent(), "alice@login1:~$ ");
    assert.equal((await goals(page)).inspect, true);
    // Any correct form counts: lower-case keys here.
    assert.equal(await run(page, input, `scontrol update nodename=${culprit} state=drain reason="Xid 79 GPU lost"`), "");
    assert.match(await run(page, input, "sinfo -R"), new RegExp(`Xid 79 GPU lost +alice +\\S+ ${culprit}`));
    assert.equal(await run(page, input, `scontrol requeue ${job.id}`), "");
    assert.match(await run(page, input, `squeue -j ${job.id}`), /PD.*\(BeginTime\)/);
    await run(page, input, "sleep 180");
    const queue = await run(page, input, `squeue -j ${job.id} -h -o "%T %N"`);
    assert.match(queue, /^RUNNING node-/);
    assert.ok(!queue.includes(culprit), queue);
    assert.match(await run(page, input, `grep resuming llm-pretrain-${job.id}.out`), /resuming from checkpoint \/shared\/ckpt\/llm-7b\/step_\d+\.pt/);
    assert.deepEqual(await goals(page), { inspect: true, drain: true, requeue: true, resume: true });
    assert.match(await page.locator("[data-testid=lab-complete]").innerText(), w.complete);

    // A reload replays the saved log: same goals, same screen, same history.
    await page.reload();
    await waitForIslands(page);
    await page.locator("#sh-input").waitFor();
    assert.deepEqual(await goals(page), { inspect: true, drain: true, requeue: true, resume: true });
    assert.match(await page.locator(".lab-note").innerText(), w.welcome);
    assert.match(await page.locator("[data-testid=sh-log]").innerText(), /scontrol requeue/);
    await page.locator("#sh-input").press("ArrowUp");
    assert.equal(await page.locator("#sh-input").inputValue(), `grep resuming llm-pretrain-${job.id}.out`);

    // Handed in: saved from the contents page, the file proves itself by
    // replay on its seed (slurm-shell --verify), and only on that seed.
    if (lang === "en") {
      const file = await saveProgress(page);
      const ok = verify(file, "5");
      assert.equal(ok.status, 0, ok.stdout + ok.stderr);
      assert.match(ok.stdout, /^lab fallen-off-the-bus: seed 5, 4 of 4 goals met \(inspect, drain, requeue, resume\), \d+ commands\n  verified/);
      assert.match(ok.stdout, /\n  \$ scontrol requeue \d+\n/);
      const other = verify(file, "6");
      assert.equal(other.status, 1, other.stdout);
      assert.match(other.stdout, /FAILED: played on seed 5, not on the seed given \(6\)/);
      // An address naming another incident opens the saved work with a
      // note, and starts its own incident only when asked.
      await openLab(page, "en/fallen-off-the-bus?lab-seed=6");
      const seed = page.locator('[data-fact="lab-incident-seed"]');
      assert.equal(await seed.textContent(), "5");
      assert.match(await page.locator(".lab-note").innerText(), /asks for incident 6, but you have work saved on incident 5/);
      await page.getByTestId("lab-other-incident").click();
      await page.waitForFunction(() => document.querySelector('[data-fact="lab-incident-seed"]')?.textContent === "6");
      assert.deepEqual(Object.values(await goals(page)), [false, false, false, false]);
      await openLab(page, "en/fallen-off-the-bus?lab-seed=5");
    }

    // Reset asks first, then starts over.
    await page.getByRole("button", { name: w.reset }).click();
    await page.getByRole("button", { name: w.confirm }).click();
    assert.deepEqual(Object.values(await goals(page)), [false, false, false, false]);
    assert.equal(await page.locator("[data-testid=sh-log] .term-line").count(), 0);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test(`The Slow Lane (${lang}): measure the pairs, drain the slow node, resubmit without it`, async () => {
    const { context, page } = await openPage({ locale: w.locale });
    const input = await openLab(page, `${lang}/the-slow-lane?lab-seed=${lang === "en" ? 4 : 11}`);
    assert.match(await page.locator(".slurm-shell").innerText(), w.intro);
    assert.match(await page.locator(".lab-panel").innerText(), w.goals);
    const job = await failedJob(page, input);
    // The slow node's ranks hear of the failed link first, over InfiniBand.
    assert.match(await run(page, input, `grep -m1 NET/IB llm-pretrain-${job.id}.out`), /^NET\/IB : Got completion from peer 10\.0\.0\.\d+<\d+> with status=12 /);
    assert.match(await run(page, input, `grep -m1 'Watchdog caught' llm-pretrain-${job.id}.out`), /Watchdog caught collective operation timeout: WorkNCCL\(SeqNum=\d+, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout\(ms\)=600000\)/);
    // Without a PMI the two processes never meet: each tests its own node.
    const alone = await run(page, input, `srun -N2 -w ${job.nodes[0]},${job.nodes[1]} --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 1G -e 1G -g 8`);
    assert.equal(alone.split("\n").filter((l) => l.startsWith("#  Rank  0 ")).length, 2, alone);
    assert.equal((await goals(page)).measure, false);
    // Pairs with the first node; the slow one stands out, or all are slow.
    const [a, ...rest] = job.nodes;
    const bw = {};
    for (const b of rest) bw[b] = await busbw(page, input, a, b);
    const best = Math.max(...Object.values(bw));
    const slow = rest.filter((b) => bw[b] < best * 0.6);
    let culprit;
    if (slow.length === 1) {
      culprit = slow[0];
    } else {
      // Every pair with the first node is slow: it is the culprit. Measure a
      // pair without it too.
      assert.equal(slow.length, 0, JSON.stringify(bw));
      const fast = await busbw(page, input, rest[0], rest[1]);
      assert.ok(fast > best * 1.5, `${fast} vs ${best}`);
      culprit = a;
    }
    assert.equal((await goals(page)).measure, true);
    await run(page, input, `scontrol update NodeName=${culprit} State=DRAIN Reason="busbw bajo nccl-tests"`);
    assert.match(await run(page, input, `sbatch --exclude=${culprit} train.sh`), /^Submitted batch job \d+$/);
    await run(page, input, "sleep 120");
    const mine = await run(page, input, `squeue -u alice -h -o "%T %N"`);
    assert.match(mine, /^RUNNING /);
    assert.ok(!mine.includes(culprit), mine);
    assert.deepEqual(await goals(page), { measure: true, drain: true, resubmit: true, resume: true });
    assert.match(await page.locator("[data-testid=lab-complete]").innerText(), w.complete);
    // Requeueing the old job as well makes two copies: the lab says so at
    // once and the goal unticks until one is cancelled.
    assert.equal(await run(page, input, `scontrol requeue ${job.id}`), "");
    assert.match(await page.locator("[data-finding=duplicates]").innerText(), new RegExp(`\\(${job.id}, \\d+\\): .*scancel`));
    assert.equal((await goals(page)).resubmit, false);
    await run(page, input, `scancel ${job.id}`);
    assert.equal(await page.locator("[data-finding=duplicates]").count(), 0);
    assert.equal((await goals(page)).resubmit, true);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test("draining a healthy node: the lab names it at once and says the node at fault is still in service; requeued before the drain, it says why you drain first", async () => {
  const { context, page } = await openPage({ locale: WORDS.en.locale });
  const input = await openLab(page, "en/fallen-off-the-bus?lab-seed=5");
  const job = await failedJob(page, input);
  const findings = page.locator("[data-testid=lab-findings] .lab-finding");
  const kinds = () => findings.evaluateAll((ps) => ps.map((p) => p.dataset.finding));
  assert.deepEqual(await kinds(), []);
  let culprit;
  for (const node of job.nodes) {
    if ((await run(page, input, `ssh ${node} dmesg -T | grep -c 'Xid'`)).trim() !== "0") {
      culprit = node;
      break;
    }
  }
  assert.ok(culprit, "one node logged an Xid");
  const healthy = job.nodes.find((n) => n !== culprit);
  assert.equal(await run(page, input, `scontrol update NodeName=${healthy} State=DRAIN Reason="Xid 79 GPU lost"`), "");
  assert.deepEqual(await kinds(), ["healthy-drained"]);
  const said = await findings.first().innerText();
  assert.match(said, new RegExp(`^${healthy} is drained, but nothing is wrong with it, and the node at fault is still in service\\. .*State=RESUME`));
  assert.ok(!said.includes(culprit), said);
  assert.ok(await findings.first().evaluate((p) => p.classList.contains("problem")));
  assert.equal((await goals(page)).drain, false);
  // Requeued with the broken node in service: why you drain first.
  assert.equal(await run(page, input, `scontrol requeue ${job.id}`), "");
  assert.deepEqual(await kinds(), ["unguarded", "healthy-drained"]);
  assert.match(await findings.first().innerText(), new RegExp(`^Job ${job.id} is back in the queue, .* That is why you drain before you requeue`));
  // Put right: the healthy node back, the broken one drained. The job
  // waits out its requeue delay, as squeue says, then runs: nothing to say.
  assert.equal(await run(page, input, `scontrol update NodeName=${healthy} State=RESUME`), "");
  assert.equal(await run(page, input, `scontrol update NodeName=${culprit} State=DRAIN Reason="Xid 79 GPU lost"`), "");
  assert.match(await run(page, input, `squeue -j ${job.id}`), /\(BeginTime\)/);
  assert.deepEqual(await kinds(), ["delayed"]);
  assert.match(await findings.first().innerText(), /\(BeginTime in squeue\)/);
  await run(page, input, "sleep 180");
  assert.deepEqual(await kinds(), []);
  assert.deepEqual(await goals(page), { inspect: true, drain: true, requeue: true, resume: true });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a corrupt progress document starts the lab fresh with a note and is kept aside, never a crash", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/the-slow-lane");
  await page.evaluate(() => localStorage.setItem("gpu-book.progress", "gpu-book-progress 1\nlab the-slow-lane seed=7 goals=4 met= hints= solutions=\nZ nonsense"));
  await page.reload();
  await waitForIslands(page);
  await page.locator("#sh-input").waitFor();
  assert.match(await page.locator(".lab-note").innerText(), /^Your saved progress could not be read \(line 3: a line that cannot be read, “Z nonsense”\), so the lab starts fresh\.$/);
  assert.deepEqual(Object.values(await goals(page)), [false, false, false, false]);
  const aside = await page.evaluate(() => localStorage.getItem("gpu-book.progress.unreadable"));
  assert.match(aside, /Z nonsense/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("an earlier build's saved lab and exercise move into the one progress document without loss", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/");
  await page.evaluate(() => {
    localStorage.setItem("gpu-book.lab.the-slow-lane", "gpu-book-lab 1 the-slow-lane 7\nL echo migrated\nA 30");
    localStorage.setItem("gpu-book.exercise.cuda-ceiling", "1 right tries=1");
  });
  // The contents count the old exercise key before any widget moved it.
  await page.reload();
  assert.match(await page.locator("[data-exercises^=cuda-ceiling]").innerText(), /^1 of \d+ exercises done$/);
  await visit(page, "en/the-slow-lane");
  await page.locator("#sh-input").waitFor();
  assert.match(await page.locator(".lab-note").innerText(), /Welcome back/);
  assert.match(await page.locator("[data-testid=sh-log]").innerText(), /echo migrated\nmigrated/);
  const stored = await page.evaluate(() => ({
    doc: localStorage.getItem("gpu-book.progress"),
    old: Object.keys(localStorage).filter((k) => k.startsWith("gpu-book.lab.") || k.startsWith("gpu-book.exercise.")),
  }));
  assert.deepEqual(stored.old, []);
  assert.match(stored.doc, /\nexercise cuda-ceiling right tries=1\n/);
  // (The clock has run on since: the last step may have grown.)
  assert.match(stored.doc, /\nlab the-slow-lane seed=7 goals=\d met=\S* hints= solutions=\nL echo migrated\nA \d+\n/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the panel's buttons keep the keyboard's focus while they are drawn anew", async () => {
  const { context, page } = await openPage();
  await openLab(page, "en/the-slow-lane?lab-seed=3");
  const focused = () => page.evaluate(() => document.activeElement?.dataset.action ?? document.activeElement?.tagName);
  // The focus moves in the frame after the buttons are drawn anew.
  const focusOn = (action) => page.waitForFunction((a) => document.activeElement?.dataset.action === a, action, { timeout: 5000 });
  await page.getByTestId("lab-help").focus();
  await page.keyboard.press("Enter");
  await page.locator("[data-testid=lab-hints] li").waitFor();
  assert.equal(await focused(), "help");
  await page.keyboard.press("Tab");
  assert.equal(await focused(), "reset");
  // Asked to confirm, the focus waits on the harmless answer.
  await page.keyboard.press("Enter");
  await focusOn("reset-cancel");
  await page.keyboard.press("Enter");
  await focusOn("reset");
  assert.equal(await page.locator("[data-testid=lab-hints] li").count(), 1);
  assert.deepEqual(page.problems, []);
  await context.close();
});

for (const [lang, w] of Object.entries(WORDS)) {
  test(`hints come one level at a time, then the solution, and stay shown after a reload (${lang})`, async () => {
    const { context, page } = await openPage({ locale: w.locale });
    await openLab(page, `${lang}/the-slow-lane?lab-seed=3`);
    const help = page.getByTestId("lab-help");
    const items = () => page.locator("[data-testid=lab-hints] li").count();
    assert.equal(await help.innerText(), w.hint);
    await help.click();
    assert.equal(await items(), 1);
    await help.click();
    assert.equal(await items(), 2);
    assert.equal(await help.innerText(), w.solution);
    await help.click();
    const solution = await page.getByTestId("lab-solution").innerText();
    // The solution names this incident's slow node.
    const culprit = solution.match(/-w (node-\d),node-\d/)[1];
    assert.ok(await help.isDisabled());
    const saved = await page.evaluate(() => localStorage.getItem("gpu-book.progress"));
    assert.match(saved, /\nlab the-slow-lane seed=3 goals=4 met= hints=measure:2 solutions=measure\n/);
    await page.reload();
    await waitForIslands(page);
    await page.locator("#sh-input").waitFor();
    assert.equal(await items(), 3);
    assert.match(await page.getByTestId("lab-solution").innerText(), new RegExp(`-w ${culprit},`));
    // The contents page counts the lab's goals from the same document.
    await visit(page, `${lang}/`);
    assert.match(await page.locator("[data-lab=the-slow-lane]").innerText(), lang === "en" ? /^0 of 4 goals met$/ : /^0 de 4 objetivos cumplidos$/);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test("a lab's incident has its place in the page's first state, and nothing moves when the lab comes alive on a phone", async () => {
  const off = await openPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await off.page.goto(`${env.url}en/the-slow-lane/`);
  // Seed-free: the same first state for every learner.
  assert.deepEqual(await off.page.$$eval("[data-testid=lab-incident] dd", (dds) => dds.map((d) => d.textContent)), ["…", "…", "…", "…"]);
  await off.context.close();

  const { context, page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.__shift += e.hadRecentInput ? 0 : e.value))).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${env.url}en/the-slow-lane/?lab-seed=9#lab-shell`);
  await page.waitForSelector("[data-island=slurm-shell][data-live]");
  await page.waitForFunction(() => document.querySelector("[data-fact=lab-incident-seed]")?.textContent === "9");
  const shift = await page.evaluate(() => window.__shift);
  assert.ok(shift <= 0.02, `layout shift ${shift}`);
  assert.deepEqual(page.problems, []);
  await context.close();
});
