// What bringing the widgets to life costs the main thread, as a phone
// feels it: Chromium with its CPU slowed four times loads a page of the
// built book (by default a deep link that lands on the Young/Daly
// explorer, so its wasm loads and mounts while the page loads) and
// reports each island's mount (the `island <widget>` User Timing measures
// that public/book.js records), the long tasks after the first paint and
// the blocking time they add up to (each task's time over 50 ms), with the
// median over the runs. `--eager` runs it again with V8 compiling every
// wasm function up front, off the main thread, which shows how much of a
// mount is V8 compiling each function on its first call. A benchmark to
// compare builds side by side, not a test: it fails on nothing.
//
//   node tests/e2e/island-mount.mjs [dist] [--path PATH] [--runs 5] [--eager]
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium.mjs";
import { serve, takeOption } from "./server.mjs";

const args = process.argv.slice(2);
const path = takeOption(args, "--path", "en/running-jobs/#checkpoint-interval");
const runs = Number(takeOption(args, "--runs", "5"));
const eagerAt = args.indexOf("--eager");
const eager = eagerAt >= 0 && args.splice(eagerAt, 1).length > 0;
const dist = args[0] ?? "dist";

const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
const server = await serve(dist, { base: "/course/", gzip: true });

/** One load of `path`: the mounts, the long tasks after the first paint. */
async function sample(flags) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...flags] });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(server.url + path, { waitUntil: "load" });
    await page.waitForTimeout(5000);
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const tasks = window.__longTasks.filter(([start]) => start >= fcp).map(([, d]) => d);
      const mounts = performance
        .getEntriesByType("measure")
        .filter((m) => m.name.startsWith("island "))
        .map((m) => [m.name.slice(7), m.duration]);
      return { mounts, tasks, blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0) };
    });
  } finally {
    await browser.close();
  }
}

const round = (x) => Math.round(x);
const modes = eager ? [["lazy", []], ["eager", ["--js-flags=--no-wasm-lazy-compilation"]]] : [["lazy", []]];
for (const [mode, flags] of modes) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const s = await sample(flags);
    samples.push(s);
    const mounts = s.mounts.map(([name, d]) => `${name} ${round(d)} ms`).join(", ") || "none";
    console.log(`${mode} run ${i + 1}: mounts: ${mounts}; long tasks: ${s.tasks.map(round).join(", ") || "none"} ms; blocking ${round(s.blocking)} ms`);
  }
  const names = [...new Set(samples.flatMap((s) => s.mounts.map(([name]) => name)))];
  for (const name of names) {
    const ds = samples.flatMap((s) => s.mounts.filter(([n]) => n === name).map(([, d]) => d));
    console.log(`${mode} median: island ${name} mount ${round(median(ds))} ms (${ds.length} mounts)`);
  }
  console.log(`${mode} median: blocking time after first paint ${round(median(samples.map((s) => s.blocking)))} ms over ${runs} runs of ${path}`);
}
await server.close?.();
process.exit(0);
