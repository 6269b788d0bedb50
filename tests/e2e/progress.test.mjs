// The progress file on the contents page: saved as the one progress
// document the widgets keep (src/progress.rs), loaded back with a choice
// where a lab differs, and refused with a reason, changing nothing, when
// a file is not a progress file, is from a newer book or is too large.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { openPage, visit } from "./harness.mjs";

const KEY = "gpu-book.progress";
const HERE = "gpu-book-progress 2\nexercise cuda-ceiling right tries=1 answer=choice:1\nlab the-slow-lane seed=7 goals=4 met=measure hints= solutions=\nL sinfo\n";
const FILE =
  "gpu-book-progress 2\nexercise young-by-hand right tries=3 answer=number:7200\n" +
  "lab the-slow-lane seed=7 goals=4 met=measure,drain hints= solutions=\nL sinfo\nL squeue\n" +
  "lab fallen-off-the-bus seed=5 goals=4 met= hints= solutions=\n";

async function contents(page, lang = "en", stored = HERE) {
  await page.goto("about:blank");
  await visit(page, `${lang}/`);
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [KEY, stored]);
  await visit(page, `${lang}/#your-progress`);
  return page.locator(".progress-file");
}

const stored = (page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const file = (name, text) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

test("progress is saved to a file as it is kept, and loaded back with a choice where a lab differs", async () => {
  const { context, page } = await openPage({ acceptDownloads: true });
  const panel = await contents(page);
  assert.match(await page.locator("#your-progress").innerText(), /^Your progress$/);
  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Save to a file" }).click()]);
  assert.equal(download.suggestedFilename(), "gpu-book-progress.txt");
  assert.equal(await readFile(await download.path(), "utf8"), HERE);
  assert.match(await panel.getByRole("status").innerText(), /Saved as gpu-book-progress\.txt/);

  // The file has a new exercise, a new lab, and the slow lane further along.
  await panel.getByLabel("Load from a file").setInputFiles(file("p.txt", FILE));
  const conflict = panel.locator(".progress-conflict");
  await conflict.first().waitFor();
  assert.equal(await conflict.count(), 1);
  assert.match(await conflict.locator("legend").innerText(), /The Slow Lane/);
  const take = conflict.getByLabel(/Take the file's: incident 7, 2 of 4 goals met/);
  assert.ok(await take.isChecked(), "the one further along is proposed");
  assert.match(await conflict.innerText(), /goals met \(further along\)/);
  assert.equal(await stored(page), HERE, "nothing changes before the reader chooses");
  // The reader keeps this browser's lab.
  await conflict.getByLabel(/Keep this browser's: incident 7, 1 of 4 goals met/).check();
  await panel.getByRole("button", { name: "Load", exact: true }).click();
  assert.equal(await panel.getByRole("status").innerText(), "Loaded from the file: one exercise and one lab.");
  const after = await stored(page);
  assert.match(after, /\nexercise cuda-ceiling right tries=1 answer=choice:1\n/);
  assert.match(after, /\nexercise young-by-hand right tries=3 answer=number:7200\n/);
  assert.match(after, /\nlab the-slow-lane seed=7 goals=4 met=measure hints= solutions=\nL sinfo\n/);
  assert.match(after, /\nlab fallen-off-the-bus seed=5 /);
  // The contents page counts again at once.
  assert.match(await page.locator("[data-lab=fallen-off-the-bus]").innerText(), /^0 of 4 goals met$/);
  assert.match(await page.locator("[data-exercises^=cuda-ceiling]").innerText(), /^2 of \d+ exercises done$/);
  // The same file again asks again about the lab it differs on;
  // cancelling changes nothing.
  await panel.getByLabel("Load from a file").setInputFiles(file("p.txt", FILE));
  await panel.getByRole("button", { name: "Cancel" }).click();
  await page.waitForFunction(() => document.querySelector(".progress-status").textContent !== "");
  assert.equal(await panel.getByRole("status").innerText(), "Nothing was loaded.");
  assert.equal(await stored(page), after);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a file that is not progress, from a newer book or too large changes nothing and says why (es)", async () => {
  const { context, page } = await openPage({ locale: "es-ES" });
  const panel = await contents(page, "es");
  const load = panel.getByLabel("Cargar desde un archivo");
  const status = panel.getByRole("status");
  for (const [text, said] of [
    ["{\"progress\": 1}", /^No es un archivo de progreso de este libro \(línea 1: no es la primera línea que escribe este libro, «\{"progress": 1\}»\)\. No se ha cambiado nada\.$/],
    ["gpu-book-progress 2\nexercise x maybe", /^No es un archivo de progreso de este libro \(línea 2: un ejercicio que no se puede leer, «exercise x maybe»\)/],
    ["gpu-book-progress 9\nanything", /^Este progreso se guardó con una versión más reciente del libro\./],
    ["x".repeat(1100 * 1024), /^Este archivo ocupa más de 1[.\s\u00a0]?024 KB/],
  ]) {
    const before = await status.innerText();
    await load.setInputFiles(file("p.txt", text));
    // Each answer differs from the one before: wait for it.
    await page.waitForFunction((was) => document.querySelector(".progress-status").textContent !== was, before);
    assert.match(await status.innerText(), said);
    assert.equal(await stored(page), HERE);
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});
