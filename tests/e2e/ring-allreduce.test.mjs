// The ring all-reduce widget, end to end: on the CPU where the browser
// gives no GPU adapter (headless Chromium without flags), on SwiftShader's
// WebGPU with --enable-unsafe-webgpu, in both languages. Its measured runs
// and the animation's frame times are in benchmarks.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { env, openGpuPage, openPage, staleCycle, staleCycleIn, visit, waitForIslands } from "./harness.mjs";

const out = (page, id) => page.locator(`[data-testid="${id}"]`).textContent();

async function open(page, lang = "en") {
  await visit(page, `${lang}/all-reduce`);
  await page.locator(".ring-allreduce [data-testid=ar-ring]").waitFor();
  await page.waitForFunction(() => !document.querySelector("[data-testid=ar-device]").textContent.includes("…"));
}

test("without a GPU adapter the ring runs on the CPU and says so", async () => {
  const { context, page } = await openPage();
  await open(page);
  assert.match(await out(page, "ar-device"), /no GPU adapter.*CPU/);
  assert.equal(await page.locator("[data-testid=ar-ring] .ar-node").count(), 8);
  assert.match(await out(page, "ar-caption"), /^Step 0 of 14: reduce-scatter/);
  await page.getByTestId("ar-forward").click();
  assert.match(await out(page, "ar-caption"), /^Step 1 of 14/);
  assert.equal(await out(page, "ar-check"), "Computed by the CPU reference.");
  // While messages move, each carries its chunk's number inside it ("c3"),
  // not beside it where a rank's number stands.
  await page.getByTestId("ar-play").click();
  const label = page.locator(".ar-packet-label").first();
  await label.waitFor();
  assert.match(await label.textContent(), /^c\d+$/);
  const inside = await label.evaluate((t) => {
    const c = t.previousElementSibling.getBoundingClientRect();
    const l = t.getBoundingClientRect();
    return l.left >= c.left - 2 && l.right <= c.right + 2 && l.top >= c.top - 2 && l.bottom <= c.bottom + 2;
  });
  assert.ok(inside, "the chunk's number sits inside its message");
  await page.getByTestId("ar-play").click();
  // Play to the end at top speed: every rank holds the full sum, 1+2+...+8 = 36.
  await page.locator(".ar-speed input").fill("8");
  await page.getByTestId("ar-play").click();
  await page.waitForFunction(() => document.querySelector("[data-testid=ar-caption]").textContent.startsWith("Step 14 of 14"), null, { timeout: 20000 });
  assert.match(await out(page, "ar-caption"), /done/);
  const rows = await page.locator(".ar-buffers td").allTextContents();
  assert.ok(rows.every((r) => r.startsWith("36.0  72.0")), rows.join("|"));
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the tree, a slow link and bad input", async () => {
  const { context, page } = await openPage();
  await open(page);
  await page.getByLabel("Tree: reduce to rank 0, then broadcast", { exact: true }).check();
  assert.match(await out(page, "ar-caption"), /^Step 0 of 6: reduce\./);
  assert.match(await page.locator(".ar-buffers caption").innerText(), /before the first step: the starting data/);
  await page.getByLabel("Slow link", { exact: true }).fill("0.1");
  assert.equal(await page.locator(".ar-link-slow").count(), 1);
  // Every curve the slow link affects says so, and the sentence compares
  // the two that carry it.
  assert.match(await out(page, "ar-crossover"), /^With the slow link in both, the tree is faster below .* per rank/);
  assert.deepEqual(await page.locator(".ar-model .legend li").allInnerTexts(), [
    "ring, every link healthy",
    "tree with the slow link",
    "ring with the slow link",
  ]);
  await page.getByLabel("Ranks", { exact: true }).fill("65");
  assert.equal(await page.locator("#ar-ranks-error").textContent(), "From 2 to 64 ranks.");
  assert.equal(await page.locator("[data-testid=ar-ring] .ar-node").count(), 8, "the last valid view stays");
  await page.getByLabel("Ranks", { exact: true }).fill("64");
  await page.getByLabel("Elements per rank", { exact: true }).fill("2000000");
  assert.match(await page.locator("#ar-elements-error").textContent(), /At most 1,048,576 elements per rank/);
  await page.getByLabel("Elements per rank", { exact: true }).fill("24");
  assert.equal(await page.locator("[data-testid=ar-ring] .ar-node").count(), 64);
  await page.getByLabel("Slow link", { exact: true }).fill("0");
  assert.equal(await page.locator("#ar-slow-error").textContent(), "A fraction above 0 and at most 1.");
  // The address follows once input pauses, which on a loaded machine can
  // come between two fields: wait for the last one.
  await page.waitForURL((url) => url.searchParams.get("ar-ranks") === "64" && url.searchParams.get("ar-slow") === "0");
  await page.reload();
  await waitForIslands(page);
  await page.locator(".ring-allreduce [data-testid=ar-ring]").waitFor();
  // A link that carries a wrong field shows the page's ring and the error.
  assert.equal(await page.getByLabel("Ranks", { exact: true }).inputValue(), "64");
  assert.equal(await page.locator("#ar-slow-error").textContent(), "A fraction above 0 and at most 1.");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("every field says how it read the number, in each language", async () => {
  const { context, page } = await openPage();
  await open(page);
  const reading = (id) => page.locator(`#ar-${id}-reading`).textContent();
  await page.getByLabel("Ranks", { exact: true }).fill("1.6e1");
  assert.equal(await reading("ranks"), "= 16 ranks");
  await page.getByLabel("Elements per rank", { exact: true }).fill("1,000");
  assert.equal(await reading("elements"), "= 4\u00a0kB per rank", "f32: four bytes each");
  await page.getByLabel("Slow link", { exact: true }).fill("0.25");
  assert.equal(await reading("slow"), "= 25.0\u00a0% of the other links' bandwidth");
  await page.getByLabel("Slow link", { exact: true }).fill("1");
  assert.equal(await reading("slow"), "= no slow link");
  await page.getByLabel("Link bandwidth (GB/s)", { exact: true }).fill("4e2");
  assert.equal(await reading("bw"), "= 400 GB/s per link");
  await page.getByLabel("Latency (µs)", { exact: true }).fill("5");
  assert.equal(await reading("alpha"), "= 5 µs per message");
  // An error takes the reading's place.
  await page.getByLabel("Slow link", { exact: true }).fill("2");
  assert.equal(await reading("slow"), "");
  assert.deepEqual(page.problems, []);
  await context.close();
  const es = await openPage({ locale: "es-419" });
  await open(es.page, "es");
  await es.page.getByLabel("Enlace lento", { exact: true }).fill("0.5");
  assert.equal(await es.page.locator("#ar-slow-reading").textContent(), "= 50.0\u00a0% del ancho de banda de los otros enlaces");
  assert.deepEqual(es.page.problems, []);
  await es.context.close();
});

test("in Spanish the widget speaks Spanish", async () => {
  const { context, page } = await openPage({ locale: "es-ES" });
  await open(page, "es");
  assert.match(await out(page, "ar-caption"), /^Paso 0 de 14: reduce-scatter/);
  await page.getByLabel("Rangos", { exact: true }).fill("1");
  assert.equal(await page.locator("#ar-ranks-error").textContent(), "De 2 a 64 rangos.");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("with WebGPU each step runs on the GPU and matches the CPU reference", async () => {
  const { context, page } = await openGpuPage();
  await visit(page, "en/all-reduce");
  await page.locator(".ring-allreduce [data-testid=ar-ring]").waitFor();
  await page.waitForFunction(() => !document.querySelector("[data-testid=ar-device]").textContent.includes("…"));
  const device = await out(page, "ar-device");
  // The adapter is named even where the browser gives no name: SwiftShader
  // by the vendor and architecture of its GPUAdapter.info.
  assert.match(device, /Running on your GPU: [^\s.]/, device);
  assert.doesNotMatch(device, /: an? (unnamed|software) WebGPU adapter/, device);
  console.log(`adapter as the page names it: ${device}`);
  for (let i = 0; i < 3; i++) await page.getByTestId("ar-forward").click();
  await page.waitForFunction(() => document.querySelector("[data-testid=ar-check]").textContent.includes("GPU"));
  assert.match(await out(page, "ar-check"), /equal the CPU reference/);
  await page.getByLabel("i32 (int32)", { exact: true }).check();
  await page.getByLabel("Elements per rank", { exact: true }).fill("1001");
  for (let i = 0; i < 14; i++) await page.getByTestId("ar-forward").click();
  await page.waitForFunction(() => document.querySelector("[data-testid=ar-caption]").textContent.startsWith("Step 14 of 14"));
  await page.waitForFunction(() => document.querySelector("[data-testid=ar-check]").textContent.includes("GPU"));
  assert.match(await out(page, "ar-check"), /equal the CPU reference/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

for (const lang of ["en", "es"]) {
  test(`${lang}: while a field is wrong the ring's results are marked as the last valid input's`, async () => {
    const { context, page } = await openPage({ locale: lang === "es" ? "es-ES" : "en-US" });
    await open(page, lang);
    assert.deepEqual(await staleCycle(page, "ar-stale", "#ar-slow", "2", "1"), staleCycleIn(lang));
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}
