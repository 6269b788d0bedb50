// The Young/Daly checkpoint explorer, end to end in both languages (its
// redraw time is in benchmarks.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { env, holdBack, openPage, staleCycle, staleCycleIn, visit, waitForIslands } from "./harness.mjs";

const out = (page, id) => page.locator(`[data-testid="${id}"]`).textContent();

test("the explorer computes the 1,024-GPU example and the prose quotes the same numbers", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  const widget = page.locator(".young-daly");
  await widget.waitFor();
  assert.equal(await out(page, "yd-job-mtbf"), "1.8\u00a0d");
  assert.equal(await out(page, "yd-young"), "2.7\u00a0h");
  assert.equal(await out(page, "yd-daly"), "2.6\u00a0h");
  assert.equal(await widget.getByLabel("MTBF of one GPU").inputValue(), "5 years");
  // Markdown line breaks become plain spaces; the values keep their no-break space.
  const prose = (await page.locator("#checkpoint-interval ~ p").allTextContents()).map((p) => p.replace(/[ \n]+/g, " "));
  assert.ok(prose.some((p) => p.includes("Young's interval is 2.7\u00a0h") && p.includes("2.6\u00a0h")), prose.join("\n"));
  assert.ok(await page.locator(".young-daly .chart-svg svg").isVisible());
  assert.equal(await page.locator(".young-daly .chart-svg circle").count(), 12, "twelve simulated points");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("bad input gets a message beside its field and the last result stays", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  const checkpoint = page.locator(".young-daly").getByLabel("Checkpoint cost");
  await checkpoint.fill("five minutes");
  assert.equal(await page.locator("#yd-checkpoint-error").textContent(), "This is not a number.");
  assert.equal(await checkpoint.getAttribute("aria-invalid"), "true");
  assert.equal(await out(page, "yd-young"), "2.7\u00a0h", "the last valid result stays");
  await page.locator(".young-daly").getByLabel("GPUs in the job").fill("1000000000000");
  assert.equal(await page.locator("#yd-gpus-error").textContent(), "It must be at most 10,000,000.");
  await page.locator(".young-daly").getByLabel("Your checkpoint interval").fill("0");
  assert.match(await page.locator("#yd-interval-error").textContent(), /zero|greater than zero/);
  await page.locator(".young-daly").getByLabel("GPUs in the job").fill("1024");
  await page.locator(".young-daly").getByLabel("Your checkpoint interval").fill("2h");
  await checkpoint.fill("5 parsecs");
  assert.match(await page.locator("#yd-checkpoint-error").textContent(), /Unknown unit/);
  assert.equal(await page.locator("#yd-checkpoint-reading").textContent(), "", "no reading beside an error");
  await checkpoint.fill("1 min");
  assert.equal(await page.locator("#yd-checkpoint-error").textContent(), "");
  assert.equal(await out(page, "yd-young"), "1.2\u00a0h");
  // Every field says how it read the number: a bare one in its label's unit.
  await checkpoint.fill("90");
  assert.equal(await page.locator("#yd-checkpoint-reading").textContent(), "= 1\u00a0h 30\u00a0min");
  await checkpoint.fill("90 s");
  assert.equal(await page.locator("#yd-checkpoint-reading").textContent(), "= 1\u00a0min 30\u00a0s");
  await page.locator(".young-daly").getByLabel("MTBF of one GPU").fill("43800");
  assert.equal(await page.locator("#yd-gpu-mtbf-reading").textContent(), "= 1,825\u00a0d");
  await page.locator(".young-daly").getByLabel("GPUs in the job").fill("16k");
  assert.equal(await page.locator("#yd-gpus-reading").textContent(), "= 16,000");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a checkpoint costing twice the MTBF or more is explained, not hidden", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  await page.locator(".young-daly").getByLabel("Checkpoint cost").fill("4 d");
  assert.match(await out(page, "yd-caption"), /at least twice the job's MTBF \(C ≥ 2M\)/);
  await context.close();
});

test("presets, the slider and the address keep the configuration", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  await page.getByRole("button", { name: "16,384 GPUs, async sharded checkpoints" }).click();
  assert.equal(await page.locator(".young-daly").getByLabel("GPUs in the job").inputValue(), "16384");
  assert.match(await out(page, "yd-caption"), /too rarely/);
  const slider = page.getByRole("slider", { name: "Checkpoint interval" });
  await slider.fill("200");
  assert.match(await out(page, "yd-caption"), /too often/);
  await page.waitForURL(/yd-gpus=16384/);
  const interval = await page.locator(".young-daly").getByLabel("Your checkpoint interval").inputValue();
  await page.reload();
  await waitForIslands(page);
  await page.locator(".young-daly").waitFor();
  assert.equal(await page.locator(".young-daly").getByLabel("GPUs in the job").inputValue(), "16384");
  assert.equal(await page.locator(".young-daly").getByLabel("Your checkpoint interval").inputValue(), interval);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("in Spanish the explorer speaks Spanish, writes numbers the Latin American way (2.7, 16,384) and reads what it writes", async () => {
  const { context, page } = await openPage({ locale: "es-419" });
  await visit(page, "es/running-jobs#checkpoint-interval");
  await page.locator(".young-daly").waitFor();
  assert.equal(await out(page, "yd-young"), "2.7\u00a0h");
  assert.equal(await out(page, "yd-failures-per-day"), "0.561");
  // A GPU's MTBF in Spanish years, in the field and in the prose.
  assert.equal(await page.locator(".young-daly").getByLabel("MTBF de una GPU").inputValue(), "5 años");
  assert.equal(await page.locator("#yd-gpu-mtbf-reading").textContent(), "= 5\u00a0años");
  assert.ok(
    (await page.locator("#failure-rate ~ p").allTextContents()).some((p) => p.includes("una vez cada 5\u00a0años en")),
    "the prose says the GPU MTBF in years",
  );
  await page.locator(".young-daly").getByLabel("Costo del checkpoint").fill("1.5 min");
  assert.equal(await page.locator("#yd-checkpoint-error").textContent(), "");
  await page.locator(".young-daly").getByLabel("Costo del checkpoint").fill("abc");
  assert.match(await page.locator("#yd-checkpoint-error").textContent(), /no es un número/);
  // A number typed with a decimal comma (as in Spain) is explained, not misread.
  await page.locator(".young-daly").getByLabel("Costo del checkpoint").fill("1,5 min");
  assert.equal(await page.locator("#yd-checkpoint-error").textContent(), "Aquí los decimales llevan punto: escribe 1.5.");
  await page.locator(".young-daly").getByLabel("Costo del checkpoint").fill("2.500 s");
  assert.equal(await page.locator("#yd-checkpoint-error").textContent(), "¿Querías decir 2.5 o 2500? Escríbelo como uno de los dos.");
  // 1,000 s is a thousand seconds, as the page writes it: Young's interval
  // sqrt(2 x 1000 s x 42.8 h) is about 4.9 h.
  await page.locator(".young-daly").getByLabel("Costo del checkpoint").fill("1,000 s");
  assert.equal(await page.locator("#yd-checkpoint-error").textContent(), "");
  assert.equal(await out(page, "yd-young"), "4.9\u00a0h");
  // The defaults are written the page's way too.
  await page.getByText("Calcula el costo del checkpoint a partir de sus partes").click();
  assert.equal(await page.locator(".young-daly").getByLabel("Estado por checkpoint").inputValue(), "1.1 TB");
  assert.equal(await page.locator("#cost-state-reading").textContent(), "= 1.1\u00a0TB");
  await page.locator(".young-daly").getByLabel("Estado por checkpoint").fill("80 GiB");
  assert.equal(await page.locator("#cost-state-reading").textContent(), "= 85.9\u00a0GB");
  const prose = await page.locator("#failure-rate ~ p").allTextContents();
  assert.ok(prose.some((p) => p.includes("16,384")), "es-419 grouping in the prose");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a field focused before the explorer came alive keeps the focus and what was typed", async () => {
  const { context, page } = await openPage();
  const release = await holdBack(page);
  await page.goto(`${env.url}en/running-jobs/#checkpoint-interval`);
  const gpus = page.locator("#yd-gpus");
  await gpus.focus();
  await page.keyboard.press("End");
  await page.keyboard.type("0");
  release();
  await page.waitForSelector("[data-island=young-daly][data-live]");
  assert.equal(await page.evaluate(() => document.activeElement.id), "yd-gpus", "the focus stays in the field");
  assert.equal(await gpus.inputValue(), "10240");
  // Typing goes on in the live field.
  await page.keyboard.press("Backspace");
  assert.equal(await gpus.inputValue(), "1024");
  assert.equal(await out(page, "yd-job-mtbf"), "1.8\u00a0d");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the checkpoint cost can be worked out from its parts and used", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  await page.getByText("Work out the checkpoint cost from its parts").click();
  // 1.1 TB written by 1,024 ranks at 1 GB/s each, capped by 100 GB/s of storage: 11 s.
  assert.equal(await out(page, "cost-stall"), "11\u00a0s");
  await page.locator(".young-daly").getByLabel("Storage bandwidth, all together").fill("1 GB");
  assert.match(await page.locator("#cost-storage-bw-error").textContent(), /Use B\/s, kB\/s/);
  await page.locator(".young-daly").getByLabel("Storage bandwidth, all together").fill("100 GB/s");
  await page.locator(".young-daly").getByLabel("Asynchronous: copy to host memory, then write in the background").check();
  assert.equal(await out(page, "cost-write"), "11\u00a0s");
  const stall = await out(page, "cost-stall");
  await page.getByRole("button", { name: "Use as the checkpoint cost" }).click();
  assert.equal(await page.locator(".young-daly").getByLabel("Checkpoint cost").inputValue(), stall.replace("\u00a0", " "));
  assert.equal(await page.locator("#yd-checkpoint-error").textContent(), "");
  assert.deepEqual(page.problems, []);
  await context.close();
});

for (const lang of ["en", "es"]) {
  test(`${lang}: while a field is wrong the explorer's results are marked as the last valid input's`, async () => {
    const { context, page } = await openPage({ locale: lang === "es" ? "es-ES" : "en-US" });
    await visit(page, `${lang}/running-jobs#checkpoint-interval`);
    assert.deepEqual(await staleCycle(page, "yd-stale", "#yd-checkpoint", "five", "1 min"), staleCycleIn(lang));
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test("a configuration read from the address moves nothing: the box is as tall live as in the page's first state", async () => {
  for (const query of ["", "?yd-gpus=8", "?yd-gpus=16384", "?yd-gpus=100000&yd-c=1h", "?yd-c=5min&yd-tau=10min"]) {
    const { context, page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        // Laid out, though the page lays out far parts only as they come near.
        const island = document.querySelector("[data-island=young-daly]");
        island.style.contentVisibility = "visible";
        window.__first = island.getBoundingClientRect().height;
        island.style.contentVisibility = "";
      }),
    );
    await page.goto(`${env.url}en/running-jobs/${query}#checkpoint-interval`);
    await waitForIslands(page);
    const [first, live] = await page.evaluate(() => [window.__first, document.querySelector("[data-island=young-daly]").getBoundingClientRect().height]);
    assert.equal(live, first, `${query || "the preset"}: ${first}px in the first state, ${live}px live`);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});
