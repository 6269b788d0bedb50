// The Slurm shell in the chapter's Slurm section, typed into like a
// terminal: commands, errors, completion, history, Ctrl+C and Ctrl+L, in
// both languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, visit } from "./harness.mjs";

async function open(page, lang = "en") {
  await visit(page, `${lang}/running-jobs`);
  const input = page.locator("#sh-input");
  await input.waitFor();
  return input;
}

const log = (page) => page.locator("[data-testid=sh-log]").innerText();

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
  await type(input, "sinfoo");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("bash: sinfoo: command not found"));
  assert.equal(await page.locator(".term-stderr").last().textContent(), "bash: sinfoo: command not found");
  await type(input, "echo $?");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("127"));
  await type(input, "ssh node-3 nvidia-smi -L | wc -l");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.trim().endsWith("8"));
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
  assert.equal(await page.locator(".term-prompt").textContent(), "> ");
  await input.fill("more");
  await input.press("Control+c");
  assert.match(await log(page), /> more\^C$/);
  assert.equal(await page.locator(".term-prompt").textContent(), "alice@login1:~$ ");
  await input.press("Control+l");
  assert.equal(await page.locator(".term-line").count(), 0);
  // Tab on an empty line leaves the terminal, as it does everywhere else.
  await input.press("Tab");
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), "sh-input");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("in Spanish the shell is introduced in Spanish and Slurm still speaks Slurm", async () => {
  const { context, page } = await openPage({ locale: "es-ES" });
  const input = await open(page, "es");
  assert.match(await page.locator(".slurm-shell").innerText(), /Una terminal en el nodo de acceso/);
  await type(input, "squeue");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("JOBID PARTITION"));
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
  const log = page.locator("[data-testid=sh-log]");
  assert.ok(await log.evaluate((el) => el.scrollWidth > el.clientWidth), "squeue's header is wider than a phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  assert.deepEqual(page.problems, []);
  await context.close();
});
