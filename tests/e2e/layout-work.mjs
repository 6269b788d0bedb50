// How much styling and layout a page costs the browser while it loads, the
// widgets left as built (their wasm refused: tests/e2e/island-mount.mjs
// measures their mounts): Chromium's trace of one load of `path`, summed
// over its Layout and style (UpdateLayoutTree) events, and the longest
// single layout. Unthrottled, on a phone-sized screen. Given several
// `dist/` copies it loads each in turn, run after run, so that a noisy
// machine weighs on every build alike, and prints each one's medians. A
// benchmark to compare builds side by side, not a test: it fails on
// nothing.
//
//   node tests/e2e/layout-work.mjs [dist[,dist...]] [--path PATH] [--runs 5]
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium.mjs";
import { serve, takeOption } from "./server.mjs";

const args = process.argv.slice(2);
const path = takeOption(args, "--path", "en/running-jobs/#checkpoint-interval");
const runs = Number(takeOption(args, "--runs", "5"));
const dists = (args[0] ?? "dist").split(",");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const servers = await Promise.all(dists.map((dist) => serve(dist, { base: "/course/", gzip: true })));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/** One load: milliseconds of layout, of style, and the longest layout. */
async function sample(url) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    await page.route("**/*.wasm", (route) => route.abort());
    await browser.startTracing(page, { categories: ["devtools.timeline"] });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(2000);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const durations = (name) => events.filter((e) => e.name === name && e.dur).map((e) => e.dur / 1000);
    const sum = (xs) => xs.reduce((s, x) => s + x, 0);
    return { layout: sum(durations("Layout")), style: sum(durations("UpdateLayoutTree")), longest: Math.max(0, ...durations("Layout")) };
  } finally {
    await page.close();
  }
}

const samples = dists.map(() => []);
for (let run = 0; run < runs; run++) {
  for (const [i, server] of servers.entries()) samples[i].push(await sample(server.url + path));
}
const ms = (xs) => `${Math.round(median(xs))} ms`;
for (const [i, dist] of dists.entries()) {
  const of = (key) => samples[i].map((s) => s[key]);
  console.log(`${dist} ${path}: layout ${ms(of("layout"))}, style ${ms(of("style"))}, longest layout ${ms(of("longest"))} (medians of ${runs} loads)`);
}
await browser.close();
for (const server of servers) await server.close?.();
process.exit(0);
