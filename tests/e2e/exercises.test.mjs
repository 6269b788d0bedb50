// Self-check exercises, end to end: a numeric answer read in the page's
// number format with any unit, a multiple choice whose every option says
// why, progress kept across a reload, in both languages; and the answers
// readable without scripts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { env, holdBack, openPage, visit } from "./harness.mjs";

const exercise = (page, id) => page.locator(`[data-exercise="${id}"]`);
const squash = (text) => text.replace(/\s+/g, " ").trim();

test("a numeric exercise reads the reader's number with any unit and explains a wrong one", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  const ex = exercise(page, "young-by-hand");
  await ex.scrollIntoViewIfNeeded();
  const field = ex.getByLabel("Your answer");
  const check = ex.getByRole("button", { name: "Check" });
  // Check with nothing typed asks for a value, beside the field.
  await check.click();
  assert.equal(await ex.locator(".field-error").textContent(), "Enter a value.");
  await field.fill("1.6 h");
  assert.equal(await ex.locator(".field-reading").textContent(), "= 1.6\u00a0h");
  await check.click();
  assert.equal(await ex.getAttribute("data-state"), "wrong");
  const said = squash(await ex.locator(".exercise-said").innerText());
  assert.match(said, /^Not quite\./);
  assert.match(said, /7,200 s/, "the worked answer, not just 'wrong'");
  // Another unit for the same answer: 2 h is 120 min.
  await field.fill("120 min");
  assert.equal(await ex.getAttribute("data-state"), "open", "a new answer clears the verdict");
  // Enter in the field checks, as in a form.
  await field.press("Enter");
  assert.equal(await ex.getAttribute("data-state"), "right");
  assert.match(await ex.locator(".exercise-verdict").textContent(), /^Right\./);
  assert.ok(await ex.locator(".exercise-done").isVisible());
  // The page's decimal mark is the reader's: a comma is explained.
  await field.fill("1,5 h");
  assert.notEqual(await ex.locator(".field-error").textContent(), "");
  // Kept across a reload: the exercise still says it is done.
  await visit(page, "en/running-jobs#checkpoint-interval");
  assert.ok(await exercise(page, "young-by-hand").locator(".exercise-done").isVisible());
  assert.equal(await exercise(page, "young-by-hand").getAttribute("data-state"), "done");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a multiple choice says why each option is right or wrong, and the solution is recorded", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  const ex = exercise(page, "bigger-job-interval");
  await ex.scrollIntoViewIfNeeded();
  const check = ex.getByRole("button", { name: "Check" });
  await check.click();
  assert.equal(squash(await ex.locator(".exercise-said").innerText()), "Choose an answer first.");
  await ex.getByLabel("It becomes a quarter.").check();
  await check.click();
  assert.equal(await ex.getAttribute("data-state"), "wrong");
  assert.match(squash(await ex.locator(".exercise-said").innerText()), /^Not quite\. .*square root/);
  await ex.getByLabel("It halves.").check();
  await check.click();
  assert.equal(await ex.getAttribute("data-state"), "right");
  // The whole answer: every option marked, each with its why.
  await ex.getByText("Show the answer").click();
  const marks = await ex.locator(".exercise-whys li").evaluateAll((lis) => lis.map((li) => li.className));
  assert.deepEqual(marks, ["right", "wrong", "wrong", "wrong"]);
  // Kept in the one progress document (its format: src/progress.rs). The
  // details element's toggle event, which records the solution, comes in
  // a task after the click: wait for it.
  const saved = await page
    .waitForFunction(() => {
      const doc = localStorage.getItem("gpu-book.progress");
      return doc?.includes(" solution ") && doc;
    })
    .then((handle) => handle.jsonValue());
  assert.match(saved, /^gpu-book-progress 2\n(.*\n)*exercise bigger-job-interval right tries=2 solution answer=choice:\d\n/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("in Spanish the exercises speak Spanish, read Latin American numbers and explain right and wrong answers of both kinds", async () => {
  const { context, page } = await openPage({ locale: "es-MX" });
  await visit(page, "es/running-jobs#checkpoint-interval");
  const number = exercise(page, "young-by-hand");
  await number.scrollIntoViewIfNeeded();
  const answer = number.getByLabel("Tu respuesta");
  await answer.fill("1.5 h");
  await number.getByRole("button", { name: "Comprobar" }).click();
  assert.equal(await number.getAttribute("data-state"), "wrong");
  assert.match(squash(await number.locator(".exercise-said").innerText()), /^Todavía no\. Primero hay que pasar ambos a la misma unidad/);
  await answer.fill("7,200 s");
  await number.getByRole("button", { name: "Comprobar" }).click();
  assert.equal(await number.getAttribute("data-state"), "right");
  assert.match(await number.locator(".exercise-verdict").textContent(), /^Correcto\./);
  const choice = exercise(page, "bigger-job-interval");
  await choice.getByLabel("Sigue igual: el costo del checkpoint no cambió.").check();
  await choice.getByRole("button", { name: "Comprobar" }).click();
  assert.match(squash(await choice.locator(".exercise-said").innerText()), /^Todavía no\. .*MTBF del trabajo/);
  await choice.getByLabel("Se reduce a la mitad.").check();
  await choice.getByRole("button", { name: "Comprobar" }).click();
  assert.equal(await choice.getAttribute("data-state"), "right");
  assert.match(squash(await choice.locator(".exercise-said").innerText()), /^Correcto\. Cuatro veces más GPUs/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("without scripts an exercise still shows its question, its options and the whole answer", async () => {
  const context = await env.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${env.url}en/running-jobs/`);
  const ex = exercise(page, "bigger-job-interval");
  assert.match(await ex.locator(".exercise-question").textContent(), /4,096 GPUs/);
  assert.equal(await ex.locator(".exercise-option").count(), 4);
  await ex.getByText("Show the answer").click();
  assert.ok(await ex.locator(".exercise-whys li.right").isVisible());
  assert.match(await exercise(page, "young-by-hand").locator(".exercise-answer").textContent(), /2\u00a0h/);
  await context.close();
});

test("the contents count each page's exercises done, in the reader's language, and forget them on request", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  const ex = exercise(page, "young-by-hand");
  await ex.scrollIntoViewIfNeeded();
  await ex.getByLabel("Your answer").fill("2 h");
  await ex.getByRole("button", { name: "Check" }).click();
  await page.goto(`${env.url}en/`);
  const chapter = page.locator(".contents-entry").first().locator(".contents-exercises");
  assert.equal((await chapter.textContent()).trim(), "1 of 17 exercises done");
  await page.goto(`${env.url}es/`);
  assert.equal((await chapter.textContent()).trim(), "1 de 17 ejercicios resueltos");
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Olvidar mi progreso" }).click();
  assert.equal((await chapter.textContent()).trim(), "0 de 17 ejercicios resueltos");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("what the reader picked before an exercise came alive is kept", async () => {
  const { context, page } = await openPage();
  // The wasm held back until the reader has picked an option.
  const release = await holdBack(page);
  await page.goto(`${env.url}en/running-jobs/#checkpoint-interval`);
  const ex = exercise(page, "bigger-job-interval");
  await ex.scrollIntoViewIfNeeded();
  await ex.getByLabel("It halves.").check();
  release();
  await page.waitForSelector("[data-island=exercise]:has([data-exercise=bigger-job-interval])[data-live]");
  assert.ok(await ex.getByLabel("It halves.").isChecked());
  await ex.getByRole("button", { name: "Check" }).click();
  assert.equal(await ex.getAttribute("data-state"), "right");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("an answer entered before its exercise came alive is checked once it is", async () => {
  const { context, page } = await openPage();
  const release = await holdBack(page);
  await page.goto(`${env.url}es/running-jobs/#checkpoint-interval`);
  const ex = exercise(page, "young-by-hand");
  await ex.scrollIntoViewIfNeeded();
  const field = ex.getByLabel("Tu respuesta");
  await field.fill("2 h");
  await field.press("Enter");
  release();
  await page.waitForSelector("[data-island=exercise]:has([data-exercise=young-by-hand])[data-live]");
  await page.waitForFunction(() => document.querySelector("[data-exercise=young-by-hand]").dataset.state === "right");
  assert.equal(await field.inputValue(), "2 h");
  assert.deepEqual(page.problems, []);
  await context.close();
});

/** Types a line into an exercise's own shell. */
async function type(ex, line) {
  const input = ex.locator("input.term-input");
  await input.fill(line);
  await input.press("Enter");
}

test("a task in the shell is checked from the cluster, kept across a reload, and can start over", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#slurm-try");
  const ex = exercise(page, "shell-drain-node-3");
  await ex.scrollIntoViewIfNeeded();
  await ex.locator("input.term-input").waitFor();
  assert.equal(await ex.getAttribute("data-state"), "open");
  // Without a reason Slurm refuses, and the task stays open.
  await type(ex, "sudo scontrol update NodeName=node-3 State=DRAIN");
  await page.waitForFunction(() => /reason/i.test(document.querySelector("[data-exercise=shell-drain-node-3] [data-testid=sh-log]").innerText));
  assert.equal(await ex.getAttribute("data-state"), "open");
  await type(ex, 'sudo scontrol update NodeName=node-3 State=DRAIN Reason="gpu5 fan"');
  await page.waitForFunction(() => document.querySelector("[data-exercise=shell-drain-node-3]").dataset.state === "right");
  assert.equal(squash(await ex.locator(".exercise-feedback").innerText()), "Right. The cluster shows the task done.");
  // The chapter's own shell is another cluster: nothing drained there.
  await page.locator("#sh-input").fill("sinfo -R -h");
  await page.locator("#sh-input").press("Enter");
  await page.waitForFunction(() => document.querySelector("[data-island=slurm-shell] [data-testid=sh-log]").innerText.includes("sinfo -R -h"));
  assert.doesNotMatch(await page.locator("[data-island=slurm-shell] [data-testid=sh-log]").innerText(), /gpu5 fan/);
  // After a reload the live widget replaces the page's first state: wait
  // for it (the first state never shows the task done).
  await page.reload();
  await page.evaluate(() => document.querySelector("[data-exercise=shell-drain-node-3]").scrollIntoView());
  await page.waitForFunction(() => document.querySelector("[data-exercise=shell-drain-node-3]")?.dataset.state === "right");
  assert.match(await ex.locator("[data-testid=sh-log]").innerText(), /Reason="gpu5 fan"/);
  await ex.getByRole("button", { name: "Start the task over" }).click();
  assert.equal(await ex.getAttribute("data-state"), "done");
  assert.equal(await ex.locator("[data-testid=sh-log] .term-line").count(), 0);
  const saved = await page.evaluate(() => localStorage.getItem("gpu-book.progress"));
  // The log that did it is kept as its proof (for a hand-in).
  assert.match(saved, /\nexercise shell-drain-node-3 right tries=1\nproof\n([LIA] .*\n|C\n)*L sudo scontrol update NodeName=node-3 State=DRAIN Reason="gpu5 fan"\n/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("in Spanish, a task in the shell: find what holds the debug partition and free it", async () => {
  const { context, page } = await openPage({ locale: "es-MX" });
  await visit(page, "es/running-jobs#slurm-try");
  const ex = exercise(page, "shell-debug-held");
  await ex.scrollIntoViewIfNeeded();
  await ex.locator("input.term-input").waitFor();
  await type(ex, "squeue -p debug -h -o '%i %j %T'");
  await page.waitForFunction(() => /notebook RUNNING/.test(document.querySelector("[data-exercise=shell-debug-held] [data-testid=sh-log]").innerText));
  const queue = await ex.locator("[data-testid=sh-log]").innerText();
  const [, notebook] = queue.match(/(\d+) notebook RUNNING/);
  assert.match(queue, /\d+ smoke-test PENDING/);
  await type(ex, `scancel ${notebook}`);
  await page.waitForFunction(() => document.querySelector("[data-exercise=shell-debug-held]").dataset.state === "right", null, { timeout: 15000 });
  assert.equal(squash(await ex.locator(".exercise-feedback").innerText()), "Correcto. El clúster muestra la tarea hecha.");
  await ex.getByText("Ver la respuesta").click();
  assert.match(await ex.locator(".exercise-solution").innerText(), /scancel -n notebook/);
  assert.deepEqual(page.problems, []);
  await context.close();
});
