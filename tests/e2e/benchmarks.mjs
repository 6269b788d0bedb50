// The benchmarks of the built book in headless Chromium: each prints its
// figures (medians and p95s, bandwidths, frame times) and asserts only
// what does not depend on the machine's speed, but the search's median.
// They are not *.test.mjs files: .ci/test runs them apart, one at a time,
// after the other end-to-end tests (which run two files at once), so that
// no other browser shares the CPU while they measure:
//   node --test --test-reporter=spec benchmarks.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { env, measureRedraws, openGpuPage, openPage, stats, visit } from "./harness.mjs";

const out = (page, id) => page.locator(`[data-testid="${id}"]`).textContent();

test("benchmark: Young/Daly redraw after an input change, simulation included", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  await page.locator(".young-daly .chart-svg svg").waitFor();
  // 40 changes to warm up (WebAssembly tiers up from its baseline
  // compiler), then 100 measured ones.
  const values = Array.from({ length: 140 }, (_, i) => `${60 + (i % 30) * 7} s`);
  const times = await measureRedraws(page, "#yd-checkpoint", ".young-daly .chart-svg", values);
  const warm = times.slice(40);
  console.log(`young-daly redraw, first 40 input changes (cold): ${stats(times.slice(0, 40))}`);
  console.log(`young-daly redraw, next ${warm.length} input changes (warm): ${stats(warm)} (target p95 < 8 ms)`);
  assert.equal(times.length, 140);
  await context.close();
});

test("benchmark: fair-share recompute and redraw after an input change", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#fair-share");
  await page.locator(".fair-share .chart-svg svg").first().waitFor();
  // 40 changes to warm up, then 100 measured; usage changes redraw the
  // tables, the bar and the decay chart; share changes rerun the story too.
  const usage = await measureRedraws(page, "#fs-assoc-1-usage", ".fs-decay .chart-svg", Array.from({ length: 140 }, (_, i) => `${100 + (i % 50) * 13}`));
  const shares = await measureRedraws(page, "#fs-assoc-2-shares", ".fs-story .chart-svg", Array.from({ length: 140 }, (_, i) => `${2 - (i % 2)}`));
  console.log(`fair-share redraw after a usage change (warm): ${stats(usage.slice(40))} (target p95 < 8 ms)`);
  console.log(`fair-share redraw after a shares change, story rerun (warm): ${stats(shares.slice(40))} (target p95 < 8 ms)`);
  assert.equal(usage.length + shares.length, 280);
  await context.close();
});

/** Runs the measured sweep and returns its table's lines. */
async function measure(page, largest) {
  await page.locator(".ar-measure select").selectOption(String(largest));
  await page.getByTestId("ar-measure").click();
  await page.locator("[data-testid=ar-perf]").waitFor({ timeout: 300000 });
  return (await out(page, "ar-perf")).split("\n");
}

const busbwAt = (lines, bytes) => {
  const row = lines.find((l) => l.trim().startsWith(`${bytes} `));
  return row ? row.trim().split(/\s+/)[7] : "?";
};

test("benchmark: ring all-reduce, measured runs on SwiftShader's GPU and on the CPU, against a plain copy", async () => {
  const mib = 1 << 20;
  {
    const { context, page } = await openGpuPage();
    await visit(page, "en/all-reduce?ar-ranks=2");
    await page.locator(".ring-allreduce [data-testid=ar-ring]").waitFor();
    await page.waitForFunction(() => document.querySelector("[data-testid=ar-device]").textContent.includes("GPU"));
    const started = Date.now();
    const lines = await measure(page, 256 * mib);
    assert.ok(lines.some((l) => l.startsWith("# Avg bus bandwidth")), lines.join("\n"));
    console.log(`GPU path (SwiftShader, 2 ranks): busbw at 256 MiB ${busbwAt(lines, 256 * mib)} GB/s; ${lines.find((l) => l.startsWith("# Avg"))} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    await context.close();
  }
  {
    const { context, page } = await openPage();
    await visit(page, "en/all-reduce?ar-ranks=2");
    await page.locator(".ring-allreduce [data-testid=ar-ring]").waitFor();
    const lines = await measure(page, 256 * mib);
    console.log(`CPU path (wasm, 2 ranks): busbw at 256 MiB ${busbwAt(lines, 256 * mib)} GB/s`);
    const versus = await out(page, "ar-versus-copy");
    console.log(`CPU path against a plain copy: ${versus} (target: at least 50 %)`);
    assert.match(versus, /\d+\u00a0?%|\d+ %/);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

test("benchmark: ring all-reduce frame times while 64 ranks play", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/all-reduce?ar-ranks=64&ar-elements=4096");
  await page.locator(".ring-allreduce [data-testid=ar-ring]").waitFor();
  await page.locator(".ar-speed input").fill("4");
  const frames = await page.evaluate(async () => {
    const deltas = [];
    let last = performance.now();
    let running = true;
    const loop = (t) => {
      deltas.push(t - last);
      last = t;
      if (running) requestAnimationFrame(loop);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(loop);
    });
    document.querySelector("[data-testid=ar-play]").click();
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    return deltas;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(0.95 * sorted.length)];
  // At 60 Hz every interval is 16.7 ms give or take the clock's jitter; a
  // frame that took too long shows as an interval of two vsyncs or more.
  const dropped = frames.filter((d) => d > 20).length;
  console.log(`64-rank animation: ${frames.length} frames in 3 s, median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms, ${dropped} frames dropped (intervals over 20 ms; target: none)`);
  assert.ok(frames.length > 10);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("benchmark: search queries in each language answer in well under 20 ms", async () => {
  for (const lang of ["en", "es"]) {
    const { context, page } = await openPage();
    await page.goto(`${env.url}${lang}/`);
    await page.waitForLoadState("load");
    await page.locator("body").press("/");
    await page.getByRole("searchbox").fill("gpu");
    await page.locator(".search-panel:not([hidden])").waitFor();
    // The module book.js loaded (one instance per URL), with its index.
    const figures = await page.evaluate(async () => {
      const box = document.querySelector(".search");
      const module = await import(new URL(box.dataset.glue, document.baseURI).href);
      const index = await (await fetch(new URL(box.dataset.index, document.baseURI))).text();
      // As src/search/bench.rs: each heading whole, then its first long
      // word's first one to four letters, as typed.
      const queries = [];
      for (const line of index.split("\n")) {
        const f = line.split("\t");
        if (f[0] !== "doc") continue;
        const title = f[4] || f[3];
        queries.push(title);
        const word = title.split(/[^\p{L}\p{N}]+/u).find((w) => [...w].length > 4);
        if (word) for (let n = 1; n <= 4; n++) queries.push([...word].slice(0, n).join(""));
      }
      const times = [];
      let found = 0;
      for (const q of queries) {
        const start = performance.now();
        const answer = module.search(q, box.dataset.root);
        times.push(performance.now() - start);
        if (answer.count > 0) found++;
        answer.free();
      }
      times.sort((a, b) => a - b);
      return { queries: queries.length, found, median: times[times.length >> 1], max: times[times.length - 1] };
    });
    console.log(
      `search bench (browser, release wasm): ${lang}: ${figures.queries} queries, median ${figures.median.toFixed(2)} ms, slowest ${figures.max.toFixed(2)} ms, ${figures.found} found`,
    );
    assert.ok(figures.median < 20, `median ${figures.median} ms`);
    assert.equal(figures.found, figures.queries, "every heading finds its section");
    await context.close();
  }
});