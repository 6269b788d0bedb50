// The Slurm shell in the chapter's Slurm section, typed into like a
// terminal: commands, errors, completion, history, Ctrl+C and Ctrl+L, in
// both languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { env, holdBack, openPage, visit } from "./harness.mjs";

async function open(page, lang = "en") {
  await visit(page, `${lang}/running-jobs`);
  const input = page.locator("#sh-input");
  await input.waitFor();
  return input;
}

// The chapter's shell; the exercises' own shells stand after it.
const shell = (page) => page.locator("[data-island=slurm-shell]");
const log = (page) => shell(page).locator("[data-testid=sh-log]").innerText();

async function type(input, line) {
  await input.fill(line);
  await input.press("Enter");
}

test("commands answer as Slurm and bash do", async () => {
  const { context, page } = await openPage();
  const input = await open(page);
  await type(input, "sinfo");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("PARTITION AVAIL"));
  assert.match(await log(page), /alice@login1:~\$ sinfo\nPARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\ngpu\* +up 7-00:00:00 +4 +idle node-\[1-4\]/);
  await type(input, "sbatch -N1 --gpus-per-node=8 -t 5 --wrap 'sleep 60'");
  await page.waitForFunction(() => /Submitted batch job \d+/.test(document.querySelector("[data-testid=sh-log]").innerText));
  await type(input, "squeue --me");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("JOBID PARTITION"));
  await type(input, "seff 1 | head -n 4");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("User/Group"));
  assert.match(await log(page), /\nJob ID: 1\nCluster: \S+\nUser\/Group: alice\/alice\nState: (PENDING|RUNNING)$/m);
  await type(input, "sinfoo");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("bash: sinfoo: command not found"));
  assert.equal(await shell(page).locator(".term-stderr").last().textContent(), "bash: sinfoo: command not found");
  await type(input, "echo $?");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("127"));
  await type(input, "ssh node-3 nvidia-smi -L | wc -l");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("8"));
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a line entered before the shell came alive runs once it is", async () => {
  const { context, page } = await openPage();
  // The shell's module held back until the reader has typed and entered.
  const release = await holdBack(page, "**/gpu-book-shell-*.wasm");
  await page.goto(`${env.url}es/the-slow-lane/`);
  const input = page.locator("#sh-input");
  await input.fill("echo temprano");
  await input.press("Enter");
  assert.equal(await log(page), "", "nothing runs before the shell is live");
  release();
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("temprano\n"));
  assert.match(await log(page), /^alice@login1:~\$ echo temprano\ntemprano$/m);
  assert.equal(await input.inputValue(), "");
  assert.equal(await page.evaluate(() => document.activeElement.id), "sh-input", "the prompt keeps the focus");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the chapter's drain works through sudo, as the text says", async () => {
  const { context, page } = await openPage();
  const input = await open(page);
  await type(input, 'sudo scontrol update NodeName=node-3 State=DRAIN Reason="gpu5 fan"');
  await type(input, "sinfo -R");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("gpu5 fan"));
  assert.match(await log(page), /gpu5 fan +root +\S+ node-3/);
  await type(input, "sudo ls");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("Sorry, user alice"));
  assert.match(await log(page), /Sorry, user alice is not allowed to execute '\/usr\/bin\/ls' as root on login1\./);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a batch script runs steps side by side with & and wait, names itself in bash's errors; the prompt refuses &", async () => {
  const { context, page } = await openPage();
  const input = await open(page);
  const script = [
    "cat > par.sh <<'EOF'",
    "#!/bin/bash",
    "#SBATCH -N1 -n2 -t 10",
    "srun -n1 --exact bash -c 'sleep 60; echo first' &",
    "srun -n1 bash -c 'echo second' &",
    "wait",
    "pythn train.py",
    "echo done",
    "EOF",
    "sbatch par.sh",
  ];
  for (const line of script) await type(input, line);
  await page.waitForFunction(() => /Submitted batch job \d+/.test(document.querySelector("[data-testid=sh-log]").innerText));
  await type(input, "sleep 120");
  await type(input, "cat slurm-*.out");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("done"));
  // The second step holds the whole node, so it waits for the first; bash
  // names the script by the path slurmstepd runs it from, and the line.
  assert.match(
    await log(page),
    /srun: Job (\d+) step creation temporarily disabled, retrying \(Requested nodes are busy\)\nsrun: Step created for job \1\nfirst\nsecond\n\/var\/spool\/slurmd\/node-\d+\/job0*\1\/slurm_script: line 6: pythn: command not found\ndone$/,
  );
  await type(input, "sleep 5 &");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("at this simulated prompt"));
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the chapter's singleton chain waits its turn, and scontrol update lifts the dependency", async () => {
  const { context, page } = await openPage();
  const input = await open(page);
  const segment = "sbatch -J train-llm --dependency=singleton -t 10 --wrap 'sleep 300'";
  await type(input, segment);
  await type(input, segment);
  await page.waitForFunction(() => (document.querySelector("[data-testid=sh-log]").innerText.match(/Submitted batch job \d+/g) ?? []).length === 2);
  const [, second] = (await log(page)).match(/Submitted batch job \d+\n[^]*Submitted batch job (\d+)/);
  await type(input, `squeue -h -j ${second} -o '%E %r'`);
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("singleton(unfulfilled) Dependency"));
  await type(input, `scontrol update JobId=${second} Dependency=`);
  await type(input, "sleep 5");
  await type(input, `squeue -h -j ${second} -o %T`);
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("RUNNING"));
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a job array's tasks are held by name in the page's shell, and a PATH without /usr/bin hides the tools", async () => {
  const { context, page } = await openPage();
  const input = await open(page);
  await type(input, "sbatch -J sweep --array=0-3 --begin=now+1hour --wrap 'sleep 60'");
  await page.waitForFunction(() => /Submitted batch job \d+/.test(document.querySelector("[data-testid=sh-log]").innerText));
  const [, id] = (await log(page)).match(/Submitted batch job (\d+)/);
  await type(input, `scontrol hold ${id}_[1-2],${id}_7`);
  await page.waitForFunction((id) => document.querySelector("[data-testid=sh-log]").innerText.includes(`${id}_7: Invalid job id specified`), id);
  await type(input, `squeue -h -o '%i %r' -j ${id}`);
  await page.waitForFunction((id) => document.querySelector("[data-testid=sh-log]").innerText.includes(`${id}_1 JobHeldUser\n${id}_2 JobHeldUser`), id);
  await type(input, "squeue >/dev/null; type squeue; (PATH=/opt; squeue)");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("squeue is hashed (/usr/bin/squeue)\nbash: squeue: command not found"));
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("completion, history, Ctrl+C and Ctrl+L", async () => {
  const { context, page } = await openPage();
  const input = await open(page);
  await input.fill("scont");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "scontrol ");
  await input.fill("");
  await type(input, "echo first");
  await type(input, "echo second");
  await input.press("ArrowUp");
  assert.equal(await input.inputValue(), "echo second");
  await input.press("ArrowUp");
  assert.equal(await input.inputValue(), "echo first");
  await input.press("ArrowDown");
  await input.press("ArrowDown");
  assert.equal(await input.inputValue(), "");
  await input.fill("echo 'unfinished");
  await input.press("Enter");
  assert.equal(await shell(page).locator(".term-prompt").textContent(), "> ");
  await input.fill("more");
  await input.press("Control+c");
  assert.match(await log(page), /> more\^C$/);
  assert.equal(await shell(page).locator(".term-prompt").textContent(), "alice@login1:~$ ");
  await input.press("Control+l");
  assert.equal(await shell(page).locator(".term-line").count(), 0);
  // Tab on an empty line leaves the terminal, as it does everywhere else.
  await input.press("Tab");
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), "sh-input");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("in Spanish the shell is introduced in Spanish, its help speaks Spanish and Slurm still speaks Slurm", async () => {
  const { context, page } = await openPage({ locale: "es-ES" });
  const input = await open(page, "es");
  assert.match(await shell(page).locator(".slurm-shell").innerText(), /Una terminal en el nodo de acceso/);
  await type(input, "squeue");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("JOBID PARTITION"));
  await type(input, "help | grep -e 'del clúster' -e '^  sacct '");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("Comandos del clúster:"));
  assert.match(await log(page), /Comandos del clúster:\n  sacct +los registros contables de los trabajos y sus pasos$/m);
  await type(input, "sbatch --bogus");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("sbatch: unrecognized option '--bogus'"));
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("on a phone the terminal takes a line from the on-screen keyboard", async () => {
  const { context, page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-US" });
  await visit(page, "en/running-jobs");
  const input = page.locator("#sh-input");
  await input.scrollIntoViewIfNeeded();
  await input.tap();
  assert.equal(await page.evaluate(() => document.activeElement?.id), "sh-input");
  assert.equal(await input.getAttribute("enterkeyhint"), "send");
  assert.equal(await input.getAttribute("autocapitalize"), "off");
  // An on-screen keyboard types text, then sends Enter.
  await page.keyboard.type("squeue --me");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("JOBID PARTITION"));
  // Long lines scroll inside the terminal, not the page.
  const log = shell(page).locator("[data-testid=sh-log]");
  assert.ok(await log.evaluate((el) => el.scrollWidth > el.clientWidth), "squeue's header is wider than a phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  assert.deepEqual(page.problems, []);
  await context.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// The right edge of the last visible (non-blank) character of every line
// of the scrollback, and the window's width.
const rightmostCharacter = (page) =>
  page.evaluate(() => {
    let right = 0;
    for (const line of document.querySelectorAll("[data-testid=sh-log] .term-line")) {
      const text = line.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const end = text.textContent.trimEnd().length;
      if (end === 0) continue;
      const range = document.createRange();
      range.setStart(text, end - 1);
      range.setEnd(text, end);
      right = Math.max(right, range.getBoundingClientRect().right);
    }
    return { right, width: window.innerWidth };
  });

for (const lang of ["en", "es"]) {
  test(`${lang}: on a phone, full screen shows sinfo -N -l whole and Escape leaves it`, async () => {
    const { context, page } = await openPage({ ...PHONE, locale: lang === "es" ? "es-ES" : "en-US" });
    const input = await open(page, lang);
    await type(input, "sinfo -N -l");
    await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("AVAIL_FE REASON"));
    const before = await rightmostCharacter(page);
    assert.ok(before.right > before.width, `sinfo -N -l is cut at ${before.width}px on a phone (${before.right}px)`);
    const full = shell(page).locator("[data-testid=sh-full]");
    assert.equal(await full.textContent(), lang === "es" ? "Pantalla completa" : "Full screen");
    await full.click();
    assert.equal(await full.getAttribute("aria-pressed"), "true");
    assert.ok(await shell(page).locator(".slurm-shell.full").isVisible());
    const whole = await rightmostCharacter(page);
    assert.ok(whole.right <= whole.width, `the rightmost character ends at ${whole.right}px in a ${whole.width}px window`);
    const box = await shell(page).locator("[data-testid=sh-log]").boundingBox();
    assert.ok(box.height > 400, `the terminal takes the screen (${box.height}px high)`);
    // The input still types, and Escape gives the page back.
    await type(input, "hostname");
    await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("login1"));
    await input.press("Escape");
    assert.equal(await shell(page).locator(".slurm-shell.full").count(), 0);
    assert.equal(await full.getAttribute("aria-pressed"), "false");
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("term-full-open")), false);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

for (const lang of ["en", "es"]) test(`${lang}: a line wider than the terminal shows a cue at the right edge until the reader scrolls there`, async () => {
  const { context, page } = await openPage({ ...PHONE, locale: lang === "es" ? "es-ES" : "en-US" });
  const input = await open(page, lang);
  const cue = shell(page).locator(".term-more");
  await type(input, "hostname");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("login1"));
  assert.equal(await cue.isVisible(), false, "no cue while every line fits");
  await type(input, "ssh node-1 nvidia-smi");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("NVIDIA-SMI"));
  await cue.waitFor({ state: "visible" });
  await shell(page).locator("[data-testid=sh-log]").evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await cue.waitFor({ state: "hidden" });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("one click copies what a command printed; the screen follows new output unless the reader scrolled up", async () => {
  const { context, page } = await openPage({ locale: "es-ES" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const input = await open(page, "es");
  await type(input, "echo uno; echo dos >&2");
  await type(input, "seq 3");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("3"));
  const copy = shell(page).locator(".term-input-line .term-copy");
  assert.equal(await copy.count(), 2, "one button per command that printed");
  await copy.first().click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "uno\ndos\n");
  assert.equal(await copy.first().getAttribute("data-label"), "copiada");
  assert.equal(await copy.nth(1).getAttribute("data-label"), "copiar");
  assert.doesNotMatch(await log(page), /copiar/, "the label is not part of the screen's text");
  await shell(page).locator("[data-testid=sh-copy-last]").click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "1\n2\n3\n");
  // An allocation that runs out prints salloc's line while the reader is
  // scrolled up: the screen stays where the reader is.
  await type(input, "seq 60");
  await type(input, "salloc -N1 -t 1");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("Granted job allocation"));
  const logBox = shell(page).locator("[data-testid=sh-log]");
  // The screen follows the reader's command a frame after it prints: wait
  // for that, then scroll up and let the scroll be seen.
  await page.waitForFunction(() => {
    const el = document.querySelector("[data-testid=sh-log]");
    return el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
  });
  await logBox.evaluate(async (el) => {
    el.scrollTop = 0;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await shell(page).locator(".term-bar select").selectOption("60");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("has been revoked"), null, { timeout: 15000 });
  await page.waitForTimeout(300);
  assert.equal(await logBox.evaluate((el) => el.scrollTop), 0, "still where the reader scrolled");
  // The reader's own command brings the newest output into view.
  await type(input, "hostname");
  await page.waitForFunction(() => {
    const el = document.querySelector("[data-testid=sh-log]");
    return el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
  });
  assert.deepEqual(page.problems, []);
  await context.close();
});
