// The fair-share priority calculator, end to end in both languages (its
// recompute-and-redraw time is in benchmarks.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, visit, waitForIslands } from "./harness.mjs";

const out = (page, id) => page.locator(`[data-testid="${id}"]`).textContent();

async function open(page, lang = "en") {
  await visit(page, `${lang}/running-jobs#fair-share`);
  await page.locator(".fair-share .chart-svg svg").first().waitFor();
}

test("the two-team example shows every factor, sprio -l and both charts", async () => {
  const { context, page } = await openPage();
  await open(page);
  assert.equal(await out(page, "fs-priority"), "6,502");
  const sprio = (await out(page, "fs-sprio")).split("\n");
  assert.match(sprio[0], /^ +JOBID PARTITION +USER +PRIORITY +SITE +AGE +ASSOC +FAIRSHARE +JOBSIZE +PARTITION +QOS +NICE +TRES$/);
  assert.match(sprio[1], /^ +1001 gpu +bob +6502 +0 +12 +0 +5000 +141 +1000 +100 +0 +gres\/gpu=250$/);
  assert.match(await out(page, "fs-factor-source"), /Fair Tree/);
  const sshare = page.locator('[data-testid="fs-sshare"] tbody tr');
  assert.equal(await sshare.count(), 5, "root, two accounts, two users");
  assert.equal(await page.locator('[data-testid="fs-bar"] .fs-segment').count(), 6);
  assert.equal(await page.locator(".fair-share .chart-svg svg").count(), 2);
  // Under FCFS B waits for A's whole backlog (1,000 x 8 GPU-hours over 64 GPUs).
  assert.match(await out(page, "fs-story-b-wait-fcfs"), /^5\.2\u00a0d$/);
  // Under fair share B, already over its quarter, waits until A has used
  // three times as much; with equal shares it would go at the first free slot.
  const fair = await out(page, "fs-story-b-wait-fair");
  assert.match(fair, /^\d+(\.\d)?\u00a0h$/);
  await page.locator("#fs-assoc-2-shares").fill("3");
  assert.equal(await out(page, "fs-story-b-wait-fair"), "59\u00a0min");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("bad input gets a message beside its field and the last result stays", async () => {
  const { context, page } = await openPage();
  await open(page);
  const shares = page.locator("#fs-assoc-0-shares");
  await shares.fill("-3");
  assert.equal(await page.locator("#fs-assoc-0-shares-error").textContent(), "It cannot be negative.");
  assert.equal(await shares.getAttribute("aria-invalid"), "true");
  assert.equal(await out(page, "fs-priority"), "6,502", "the last valid result stays");
  await shares.fill("many");
  assert.equal(await page.locator("#fs-assoc-0-shares-error").textContent(), "This is not a number.");
  await shares.fill("3");
  await page.locator("#fs-assoc-1-usage").fill("5");
  await page.locator("#fs-assoc-1-shares").fill("0");
  assert.equal(await page.locator("#fs-assoc-1-shares-error").textContent(), "This association has usage but no shares.");
  await page.locator("#fs-assoc-1-shares").fill("1");
  // A parent is chosen, not typed: root and the accounts that make no cycle.
  const parents = await page.locator("#fs-assoc-0-parent option").allTextContents();
  assert.deepEqual(parents, ["root", "team-b"]);

  await page.getByText("Weights, decay and cluster").click();
  await page.getByLabel("PriorityWeightFairshare").fill("4294967296");
  assert.equal(await page.locator("#fs-w-fairshare-error").textContent(), "It must be at most 4,294,967,295.");
  await page.getByLabel("PriorityWeightFairshare").fill("10000");
  await page.getByLabel("PriorityDecayHalfLife").fill("0");
  assert.match(await page.locator("#fs-half-life-error").textContent(), /choose a reset period/);
  await page.getByLabel("PriorityUsageResetPeriod").selectOption("WEEKLY");
  assert.equal(await page.locator("#fs-half-life-error").textContent(), "");
  await page.getByLabel("PriorityDecayHalfLife").fill("7");
  assert.equal(await page.locator("#fs-half-life-reading").textContent(), "= 7\u00a0d");
  await page.getByLabel("PriorityDecayHalfLife").fill("36 h");
  assert.equal(await page.locator("#fs-half-life-reading").textContent(), "= 1\u00a0d 12\u00a0h");
  await page.getByLabel("PriorityDecayHalfLife").fill("7");
  await page.locator("#fs-job-qos").fill("1.5");
  assert.equal(await page.locator("#fs-job-qos-error").textContent(), "A factor lies between 0 and 1.");
  await page.locator("#fs-job-qos").fill("0.1");

  // Removing every user leaves an empty tree, which is refused.
  await page.getByRole("button", { name: "Remove alice" }).click();
  const bobAlone = await out(page, "fs-priority");
  await page.getByRole("button", { name: "Remove bob" }).click();
  assert.equal(await out(page, "fs-tree-error"), "The tree needs at least one user.");
  assert.equal(await out(page, "fs-priority"), bobAlone);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("shares, a QOS cap and preemption change who waits", async () => {
  const { context, page } = await openPage();
  await open(page);
  // Giving team B ten times team A's shares lifts bob to the top rank.
  await page.locator("#fs-assoc-0-shares").fill("1");
  await page.locator("#fs-assoc-2-shares").fill("10");
  const sprio = (await out(page, "fs-sprio")).split("\n")[1];
  assert.match(sprio, / 10000 /, "fair-share factor 1.0");
  // A QOS cap leaves GPUs free for team B the minute it submits.
  await page.getByLabel("Cap each account's GPUs with a QOS").check();
  assert.equal(await page.getByLabel("GPUs per account").inputValue(), "32");
  assert.equal(await out(page, "fs-story-b-wait-fair"), "0\u00a0s");
  await page.getByLabel("GPUs per account").fill("4");
  assert.match(await page.locator("#fs-qos-cap-error").textContent(), /Smaller than one job \(8 GPUs\)/);
  await page.getByLabel("Cap each account's GPUs with a QOS").uncheck();
  // No preemption yet: no empty box where its note will go.
  const note = page.getByTestId("fs-story-preempted");
  assert.equal(await note.evaluate((el) => el.getBoundingClientRect().height), 0);
  // Preemption requeues A's jobs: B no longer waits for one to end.
  await page.getByLabel("Preempt (requeue) jobs of an account over its share").check();
  const wait = await out(page, "fs-story-b-wait-fair");
  assert.notEqual(wait, "59\u00a0min");
  assert.match(await out(page, "fs-story-preempted"), /jobs? (was|were) preempted/);
  assert.ok((await note.evaluate((el) => el.getBoundingClientRect().height)) > 20);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("presets, the algorithm and the address keep the configuration", async () => {
  const { context, page } = await openPage();
  await open(page);
  await page.getByRole("button", { name: "One team burned its share last week" }).click();
  assert.equal(await page.locator("#fs-assoc-1-usage").inputValue(), "2400");
  await page.getByLabel("Classic (PriorityFlags=NO_FAIR_TREE)").check();
  assert.match(await out(page, "fs-factor-source"), /classic/);
  await page.locator("#fs-assoc-3-name").fill("robert");
  await page.waitForURL(/fs-alg=classic/);
  await page.waitForURL(/robert/);
  const priority = await out(page, "fs-priority");
  await page.reload();
  await waitForIslands(page);
  await page.locator(".fair-share .chart-svg svg").first().waitFor();
  assert.equal(await page.locator("#fs-assoc-3-name").inputValue(), "robert");
  assert.ok(await page.getByLabel("Classic (PriorityFlags=NO_FAIR_TREE)").isChecked());
  assert.equal(await out(page, "fs-priority"), priority);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("in Spanish the calculator speaks Spanish and writes 6,502 (es-419)", async () => {
  const { context, page } = await openPage({ locale: "es-419" });
  await open(page, "es");
  assert.equal(await out(page, "fs-priority"), "6,502");
  assert.match(await out(page, "fs-factor-source"), /Fair Tree/);
  await page.locator("#fs-assoc-0-shares").fill("-1");
  assert.equal(await page.locator("#fs-assoc-0-shares-error").textContent(), "No puede ser negativo.");
  await page.getByText("Pesos, decaimiento y clúster").click();
  await page.getByLabel("PriorityWeightAge").fill("5000000000");
  assert.equal(await page.locator("#fs-w-age-error").textContent(), "Como mucho 4,294,967,295.");
  assert.match(await out(page, "fs-story-b-wait-fcfs"), /^5.2\u00a0d$/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("on a phone the tables show a scroll cue and their captions from the start", async () => {
  const { context, page } = await openPage({ viewport: { width: 390, height: 844 } });
  await open(page);
  const wraps = page.locator(".fair-share .table-wrap");
  assert.ok((await wraps.count()) >= 2);
  for (const wrap of await wraps.all()) {
    const cue = await wrap.evaluate((w) => getComputedStyle(w).backgroundImage);
    assert.match(cue, /gradient/, "a shadow shows there is more to scroll to");
  }
  // Each caption's first words are on screen, however wide its table.
  for (const caption of await page.locator(".fair-share .table-wrap caption").all()) {
    await caption.scrollIntoViewIfNeeded();
    const start = await caption.evaluate((c) => {
      const range = document.createRange();
      const text = c.firstChild?.nodeType === 3 ? c.firstChild : c.querySelector("*")?.firstChild ?? c.firstChild;
      range.setStart(text, 0);
      range.setEnd(text, Math.min(12, text.textContent.length));
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right, text: range.toString() };
    });
    assert.ok(start.left >= 0 && start.right <= 390, `caption starts off screen: ${JSON.stringify(start)}`);
  }
  // Why sprio's columns can add up to one more than the priority.
  assert.match(await out(page, "fs-sprio-rounding"), /cuts the sum to a whole number/);
  await context.close();
});

// Issue 16: the tree editor never leaves a silent wrong state, in both languages.
const T = {
  en: {
    duplicate: "This name is already in the tree.",
    stale: "These results are from the last valid input; fix the field marked above.",
    undo: "Undo",
    redo: "Redo",
    remove: "Remove",
    question: "team-a has accounts or users under it. What becomes of them?",
    moveUp: "Move them up to root",
    removeAll: "Remove them too",
    addUser: "Add a user under",
    addAccount: "Add an account under",
    addUserParent: "Account of the new user",
    noUser: "Choose a user of the tree.",
  },
  es: {
    duplicate: "Este nombre ya está en el árbol.",
    stale: "Estos resultados son de la última entrada válida; corrige el campo marcado arriba.",
    undo: "Deshacer",
    redo: "Rehacer",
    remove: "Quitar",
    question: "team-a tiene cuentas o usuarios debajo. ¿Qué pasa con ellos?",
    moveUp: "Subirlos a root",
    removeAll: "Quitarlos también",
    addUser: "Agregar un usuario en",
    addAccount: "Agregar una cuenta en",
    addUserParent: "Cuenta del usuario nuevo",
    noUser: "Elige un usuario del árbol.",
  },
};

async function openIn(lang) {
  const { context, page } = await openPage(lang === "es" ? { locale: "es-419" } : {});
  await open(page, lang);
  return { context, page };
}

/** The text of the option a `<select>` shows. */
const chosen = (page, selector) => page.locator(selector).evaluate((s) => s.selectedOptions[0]?.textContent ?? "");

/** Each `sshare` row's account and user, as "user@account" or "account". */
const sshareRows = (page) =>
  page.locator('[data-testid="fs-sshare"] tbody tr').evaluateAll((rows) =>
    rows.map((r) => {
      const [account, user] = [...r.cells].map((c) => c.textContent.trim());
      return user ? `${user}@${account}` : account;
    }),
  );

const staleBlocks = ["fs-stale-sshare", "fs-stale-priority", "fs-stale-decay", "fs-stale-story"];
// Of the blocks that go stale together, one note speaks for them all.
const announced = new Set(["fs-stale-sshare", "fs-stale-story"]);

async function assertStale(page, stale, t, blocks = staleBlocks) {
  for (const id of blocks) {
    const block = page.getByTestId(id);
    assert.equal(await block.evaluate((b) => b.classList.contains("stale")), stale, `${id} stale: ${stale}`);
    assert.equal(await block.getAttribute("aria-describedby"), id);
    const note = page.locator(`#${id}`);
    assert.equal(await note.getAttribute("role"), announced.has(id) ? "status" : null);
    assert.equal(await note.textContent(), stale ? t.stale : "");
    const opacity = await block.locator(".results-body").evaluate((b) => Number(getComputedStyle(b).opacity));
    assert.ok(stale ? opacity < 0.6 : opacity === 1, `${id} opacity ${opacity}`);
  }
}

for (const lang of ["en", "es"]) {
  const t = T[lang];

  test(`${lang}: renaming team-b to team-a2 through the clash with team-a moves no one`, async () => {
    const { context, page } = await openIn(lang);
    const name = page.locator("#fs-assoc-2-name");
    await name.click();
    await name.press("End");
    await name.press("Backspace");
    assert.equal(await name.inputValue(), "team-");
    await name.press("a");
    // "team-a" twice: an error beside the name, the results marked stale,
    // and alice still under the first team-a.
    assert.equal(await page.locator("#fs-assoc-2-name-error").textContent(), t.duplicate);
    assert.equal(await name.getAttribute("aria-invalid"), "true");
    assert.equal(await chosen(page, "#fs-assoc-1-parent"), "team-a");
    // The tree's outputs are stale; the story, which reads the two teams'
    // shares and usage and no names, still matches the input.
    await assertStale(page, true, t, staleBlocks.slice(0, 3));
    await assertStale(page, false, t, ["fs-stale-story"]);
    // On screen, marked stale: the last valid tree, "team-" (sshare sorts by name).
    assert.deepEqual(await sshareRows(page), ["root", "team-", "bob@team-", "team-a", "alice@team-a"]);
    await name.press("2");
    assert.equal(await page.locator("#fs-assoc-2-name-error").textContent(), "");
    assert.equal(await page.locator("#fs-assoc-0-name-error").textContent(), "");
    assert.equal(await chosen(page, "#fs-assoc-1-parent"), "team-a");
    assert.equal(await chosen(page, "#fs-assoc-3-parent"), "team-a2");
    assert.deepEqual(await sshareRows(page), ["root", "team-a", "alice@team-a", "team-a2", "bob@team-a2"]);
    assert.equal(await out(page, "fs-priority"), "6,502");
    await assertStale(page, false, t);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test(`${lang}: invalid input marks every result stale until it is fixed`, async () => {
    const { context, page } = await openIn(lang);
    await assertStale(page, false, t);
    await page.locator("#fs-assoc-0-shares").fill("-3");
    await assertStale(page, true, t);
    assert.equal(await out(page, "fs-priority"), "6,502", "the last valid result, marked");
    await page.locator("#fs-assoc-0-shares").fill("1");
    await assertStale(page, false, t);
    assert.notEqual(await out(page, "fs-priority"), "6,502", "recomputed for 1:1 shares");
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test(`${lang}: undo and redo, by button and by keyboard outside text fields`, async () => {
    const { context, page } = await openIn(lang);
    const undo = page.getByRole("button", { name: t.undo, exact: true });
    const redo = page.getByRole("button", { name: t.redo, exact: true });
    assert.ok(await undo.isDisabled());
    assert.ok(await redo.isDisabled());
    const bob = page.locator("#fs-assoc-3-name");
    await bob.fill("");
    await bob.pressSequentially("robert");
    // Typing in one field is one step.
    await undo.click();
    assert.equal(await bob.inputValue(), "bob");
    assert.ok(await undo.isDisabled());
    await redo.click();
    assert.equal(await bob.inputValue(), "robert");
    // The keys, with the focus on a button (not in a text field).
    await undo.focus();
    await page.keyboard.press("Control+z");
    assert.equal(await bob.inputValue(), "bob");
    await page.keyboard.press("Control+Shift+z");
    assert.equal(await bob.inputValue(), "robert");
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+y");
    assert.equal(await bob.inputValue(), "robert");
    // In a text field Ctrl+Z is the browser's own undo of that field.
    await page.locator("#fs-assoc-0-shares").focus();
    await page.keyboard.press("End");
    await page.keyboard.type("1");
    await page.keyboard.press("Control+z");
    assert.equal(await bob.inputValue(), "robert");
    // Removing a row is a step too.
    await page.getByRole("button", { name: `${t.remove} robert` }).click();
    assert.equal(await page.locator(".fs-assocs tbody tr").count(), 3);
    await undo.click();
    assert.equal(await bob.inputValue(), "robert");
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test(`${lang}: removing an account with users asks what becomes of them`, async () => {
    const { context, page } = await openIn(lang);
    await page.getByRole("button", { name: `${t.remove} team-a` }).click();
    const choice = page.getByTestId("fs-remove-choice");
    assert.equal(await choice.getByText(t.question).count(), 1);
    // Nothing is removed yet; the first choice has the focus.
    assert.equal(await page.locator("#fs-assoc-0-name").inputValue(), "team-a");
    const focused = (text) => page.waitForFunction((text) => document.activeElement?.textContent === text, text, { timeout: 5000 });
    await focused(t.moveUp);
    // Escape cancels, back on the remove button; Enter asks again.
    await page.keyboard.press("Escape");
    assert.equal(await choice.count(), 0);
    await page.waitForFunction(() => document.activeElement?.id === "fs-assoc-0-remove", null, { timeout: 5000 });
    await page.keyboard.press("Enter");
    await focused(t.moveUp);
    await page.keyboard.press("Enter");
    assert.equal(await choice.count(), 0);
    assert.equal(await page.locator("#fs-assoc-0-name").inputValue(), "alice");
    assert.equal(await chosen(page, "#fs-assoc-0-parent"), "root");
    const rows = await sshareRows(page);
    assert.ok(rows.includes("alice@root") && !rows.includes("team-a"), rows.join(" "));
    // Undone with the keyboard, focus anywhere but a text field.
    await page.keyboard.press("Control+z");
    assert.equal(await page.locator("#fs-assoc-0-name").inputValue(), "team-a");
    assert.equal(await chosen(page, "#fs-assoc-1-parent"), "team-a");
    // Removing them too takes team-b's user with it; the job had bob.
    await page.getByRole("button", { name: `${t.remove} team-b` }).click();
    await page.getByRole("button", { name: t.removeAll }).click();
    const names = await page.locator(".fs-assocs tbody input[id$='-name']").evaluateAll((l) => l.map((i) => i.value));
    assert.deepEqual(names, ["team-a", "alice"]);
    assert.equal(await page.locator("#fs-job-assoc-error").textContent(), t.noUser);
    // The job's choice shows no user rather than one the job is not.
    assert.equal(await chosen(page, "#fs-job-assoc"), "—");
    // An account with no children goes at once.
    await page.getByRole("button", { name: t.addAccount }).click();
    assert.equal(await page.locator("#fs-assoc-2-name").inputValue(), "team-1");
    await page.getByRole("button", { name: `${t.remove} team-1` }).click();
    assert.equal(await choice.count(), 0);
    assert.equal(await page.locator(".fs-assocs tbody tr").count(), 2);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test(`${lang}: a new user goes under the account chosen`, async () => {
    const { context, page } = await openIn(lang);
    await page.getByLabel(t.addUserParent).selectOption({ label: "team-b" });
    await page.getByRole("button", { name: t.addUser }).click();
    // Right after team-b's rows, under team-b.
    assert.equal(await page.locator("#fs-assoc-4-name").inputValue(), "user-1");
    await page.waitForFunction(() => document.activeElement?.id === "fs-assoc-4-name", null, { timeout: 5000 });
    assert.equal(await chosen(page, "#fs-assoc-4-parent"), "team-b");
    assert.deepEqual(await sshareRows(page), ["root", "team-a", "alice@team-a", "team-b", "bob@team-b", "user-1@team-b"]);
    // Moved by choosing another parent, by identity: a later rename of
    // team-a follows it.
    await page.locator("#fs-assoc-4-parent").selectOption({ label: "team-a" });
    await page.locator("#fs-assoc-0-name").fill("team-x");
    assert.equal(await chosen(page, "#fs-assoc-4-parent"), "team-x");
    assert.deepEqual(await sshareRows(page), ["root", "team-b", "bob@team-b", "team-x", "alice@team-x", "user-1@team-x"]);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}
