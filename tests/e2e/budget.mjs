// Size budget of the built book: prints the wasm, JavaScript and CSS that
// a reader downloads (raw, gzip, brotli) and fails past the budget.
//
//   node tests/e2e/budget.mjs [dist]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Budgets, in bytes after brotli (what static hosts serve to browsers).
// The wasm holds Leptos, the router, pulldown-cmark, Fluent, TOML and the
// whole book in two languages (about 100 KB of markdown each): about
// 270 KB brotli when the book app landed. Each widget then cost more than
// its simulation core, mostly in Leptos views: the checkpoint explorer
// +83 KB, the fair-share calculator +82 KB, the ring all-reduce with
// wgpu's WebGPU backend +70 KB, the Slurm shell with its cluster, shell
// and node tools +186 KB (689 KB in all), and the two labs (training runs,
// goals, saved progress, interactive ssh) +25 KB: 714 KB. The budget stops
// a careless dependency (a regex engine, a JSON library, a second TOML
// parser) from slipping in. Splitting the widgets into separately loaded
// modules, so a page downloads only its own, is the next step.
const BUDGET = {
  wasm: 720 * 1024,
  js: 24 * 1024,
  css: 12 * 1024,
};

const dist = process.argv[2] ?? "dist";
const kind = (name) => (name.endsWith(".wasm") ? "wasm" : name.endsWith(".js") ? "js" : name.endsWith(".css") ? "css" : null);
const rows = [];
for (const name of readdirSync(dist)) {
  const k = kind(name);
  if (!k) continue;
  const bytes = readFileSync(join(dist, name));
  rows.push({
    kind: k,
    name,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
console.log(`${"file".padEnd(40)}${"raw".padStart(10)}${"gzip".padStart(10)}${"brotli".padStart(10)}${"budget".padStart(10)}`);
let failed = false;
for (const k of Object.keys(BUDGET)) {
  const files = rows.filter((r) => r.kind === k);
  if (files.length === 0) {
    console.log(`${k}: no file found in ${dist}`);
    failed = true;
    continue;
  }
  for (const r of files) {
    const over = r.brotli > BUDGET[k];
    failed ||= over;
    console.log(`${r.name.padEnd(40)}${kb(r.raw)}${kb(r.gzip)}${kb(r.brotli)}${kb(BUDGET[k])}${over ? "  OVER BUDGET" : ""}`);
  }
}
const total = rows.reduce((s, r) => s + r.brotli, 0);
console.log(`total brotli: ${(total / 1024).toFixed(1)} KB`);
if (failed) {
  console.log("size budget: FAILED");
  process.exit(1);
}
console.log("size budget: passed");
