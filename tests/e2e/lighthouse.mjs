// Page speed as readers feel it: Lighthouse's mobile preset (simulated
// throttling: a mid-range phone on a slow 4G link) against the built book,
// served by a gzipping static server under /course/. Prints performance,
// LCP, TBT, CLS and the bytes transferred for the chapter and a lab page
// in both languages, a page without widgets, and two deep links that open
// on a widget (so the wasm loads at once: a page loads it only when a
// widget is near the screen); with several runs, the median of each. Fails only below FLOOR, to catch regressions through
// the noise of a shared machine; the targets (performance >= 98, LCP <=
// 1.5 s, TBT <= 100 ms, CLS <= 0.02) are checked by reading its output.
//
//   node tests/e2e/lighthouse.mjs [dist] [--runs 3]
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { serve } from "./server.mjs";

const FLOOR = 90;
const PAGES = [
  "en/running-jobs/",
  "es/running-jobs/",
  "en/fallen-off-the-bus/",
  "es/the-slow-lane/",
  "en/containers-gpus/",
  "en/running-jobs/#checkpoint-interval",
  "en/fallen-off-the-bus/#lab-shell",
];

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1;
const dist = args[0] ?? "dist";

const server = await serve(dist, { base: "/course/", gzip: true });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
  ],
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
try {
  for (const path of PAGES) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(server.url + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const { categories, audits } = result.lhr;
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      samples.push({
        score: Math.round(categories.performance.score * 100),
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        bytes: audits["total-byte-weight"].numericValue,
      });
    }
    const pick = (k) => median(samples.map((s) => s[k]));
    rows.push({ path, score: pick("score"), lcp: pick("lcp"), tbt: pick("tbt"), cls: pick("cls"), bytes: pick("bytes") });
  }
} finally {
  await chrome.kill();
  await server.close();
}

console.log(`Lighthouse ${runs === 1 ? "(one run each)" : `(median of ${runs} runs)`}, mobile preset, gzip:`);
console.log(`${"page".padEnd(38)}${"perf".padStart(6)}${"LCP".padStart(9)}${"TBT".padStart(9)}${"CLS".padStart(8)}${"transferred".padStart(13)}`);
let failed = false;
for (const r of rows) {
  const low = r.score < FLOOR;
  failed ||= low;
  console.log(
    `${r.path.padEnd(38)}${String(r.score).padStart(6)}${`${(r.lcp / 1000).toFixed(2)} s`.padStart(9)}` +
      `${`${Math.round(r.tbt)} ms`.padStart(9)}${r.cls.toFixed(3).padStart(8)}${`${(r.bytes / 1024).toFixed(0)} KB`.padStart(13)}` +
      (low ? `  BELOW ${FLOOR}` : ""),
  );
}
if (failed) {
  console.log(`page speed: FAILED (performance below ${FLOOR})`);
  process.exit(1);
}
console.log("page speed: passed");
