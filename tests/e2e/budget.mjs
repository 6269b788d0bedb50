// Size budget of the built book: prints the wasm, JavaScript and CSS that
// a reader downloads (raw, gzip, brotli) and fails past the budget.
//
//   node tests/e2e/budget.mjs [dist]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Budgets, in bytes after brotli (what static hosts serve to browsers).
// The widgets are built into three wasm modules (book::WasmModule) and a
// page loads the smallest that carries every widget it shows: the labs
// the shell's, the all-reduce page the other widgets', the chapter, which
// shows all four, the whole one. Since the pages are written at build
// time no module holds page text, a manifest, a markdown or TOML parser
// or interface strings (714 KB brotli before, 521 KB after). The whole
// module holds Leptos, Fluent and the four widgets with their
// simulations; the shell with its cluster, shell interpreter and node
// tools is the largest part (about 263 KB), then the checkpoint explorer,
// the fair-share calculator and the ring with wgpu's WebGPU backend
// (about 193 KB together); Leptos, Fluent and formatting, which every
// module carries, about 135 KB. The budgets stop a careless dependency (a
// regex engine, a JSON library, a second TOML parser) from slipping in.
// The whole module's was 560 KB until the shell's round two (GPU cgroups,
// sudo -i, sacctmgr, sreport and the text tools took 24 KB after one copy
// of the standard sort for the crate won back 15), then 570 KB until the
// fair-share tree editor's identities, remove choice, stale marking and
// undo (17 KB, nearly all of it Leptos view code) and the terminal's full
// screen, overflow cue and copy buttons (7 KB): 567 -> 591 KB. The
// self-check exercises cost the modules that carry them 15-17 KB (the
// widget, the number parser where the module had none, the page-written
// texts read from the first state): 591 -> 605 KB; a page whose only
// widgets are exercises loads their module alone, 134 KB, nearly all of it
// the Leptos, Fluent and formatting every module carries. The shell's
// round two, part three (sacctmgr add/modify/delete feeding fair-share,
// sstat, scontrol show config, sacct --delimiter) took 17 KB: the shell's
// module 400 -> 417 KB, the whole one 606 -> 620 KB. One progress
// document for exercises and labs (its parser, migration of the old keys,
// the maps it keeps), the tasks in the shell, the labs' levelled hints and
// solutions and squeue/sinfo -O took 8-12 KB from the modules without the
// shell and 24 KB from those with it (620 -> 644, 417 -> 441 KB); a JSON
// document was measured first and cost about 20 KB more per module.
const MODULE_BUDGET = {
  "gpu-book-exercises": 150 * 1024,
  "gpu-book-widgets": 360 * 1024,
  "gpu-book-shell": 445 * 1024,
  "gpu-book": 650 * 1024,
};
const BUDGET = {
  js: 24 * 1024,
  css: 12 * 1024,
};
// The module a wasm file is (its name less Trunk's or the page writer's hash).
const moduleOf = (name) => name.replace(/-[0-9a-f]{16}_bg\.wasm$/, "");
// Everything a page without widgets downloads: its HTML, the stylesheet,
// the chrome's script and the icon.
const PLAIN_PAGE_BUDGET = 60 * 1024;

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
console.log(`${"file".padEnd(42)}${"raw".padStart(10)}${"gzip".padStart(10)}${"brotli".padStart(10)}${"budget".padStart(10)}`);
let failed = false;
for (const module of Object.keys(MODULE_BUDGET)) {
  if (!rows.some((r) => r.kind === "wasm" && moduleOf(r.name) === module)) {
    console.log(`${module}: no wasm found in ${dist}`);
    failed = true;
  }
}
for (const k of ["wasm", ...Object.keys(BUDGET)]) {
  const files = rows.filter((r) => r.kind === k);
  if (files.length === 0) {
    console.log(`${k}: no file found in ${dist}`);
    failed = true;
    continue;
  }
  for (const r of files) {
    const budget = k === "wasm" ? MODULE_BUDGET[moduleOf(r.name)] : BUDGET[k];
    const over = budget === undefined || r.brotli > budget;
    failed ||= over;
    const verdict = budget === undefined ? "  NO BUDGET: which module is this?" : over ? "  OVER BUDGET" : "";
    console.log(`${r.name.padEnd(42)}${kb(r.raw)}${kb(r.gzip)}${kb(r.brotli)}${budget === undefined ? "".padStart(10) : kb(budget)}${verdict}`);
  }
}
const total = rows.reduce((s, r) => s + r.brotli, 0);
console.log(`total brotli: ${(total / 1024).toFixed(1)} KB`);

// Each page with what it loads: the assets its tags name, and on a page
// with widgets the wasm and its glue, which it loads once a widget is near.
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const pages = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith(".html")) pages.push(path);
  }
};
walk(dist);
console.log(`\n${"page, with what it loads".padEnd(40)}${"brotli".padStart(10)}${"widgets".padStart(10)}`);
for (const path of pages.sort()) {
  const html = readFileSync(path, "utf8");
  let bytes = brotli(Buffer.from(html));
  // Pages name the assets relative to themselves: ../../style-x.css.
  const assets = new Set();
  for (const [, asset] of html.matchAll(/(?:href=|src=|data-wasm=|data-wasm-glue=)["']?(?:[^"'\s]*\/)?([\w.-]+\.(?:css|js|svg|wasm))["']/g)) {
    assets.add(asset);
  }
  for (const asset of assets) {
    const row = rows.find((r) => r.name === asset);
    bytes += row ? row.brotli : brotli(readFileSync(join(dist, asset)));
  }
  const widgets = (html.match(/data-island=/g) ?? []).length;
  const over = widgets === 0 && bytes > PLAIN_PAGE_BUDGET;
  failed ||= over;
  console.log(`${relative(dist, path).padEnd(40)}${kb(bytes)}${String(widgets).padStart(10)}${over ? `  OVER ${PLAIN_PAGE_BUDGET / 1024} KB` : ""}`);
}

// The wasm carries no book: no sentence of any language's pages is in it,
// so a new chapter or language costs the readers of the others nothing.
const wasm = Buffer.concat(rows.filter((r) => r.kind === "wasm").map((r) => readFileSync(join(dist, r.name))));
const contentRoot = new URL("../../content/", import.meta.url).pathname;
let checked = 0;
for (const lang of readdirSync(contentRoot).filter((d) => statSync(join(contentRoot, d)).isDirectory())) {
  for (const file of readdirSync(join(contentRoot, lang)).filter((f) => f.endsWith(".md"))) {
    let fenced = false;
    for (const line of readFileSync(join(contentRoot, lang, file), "utf8").split("\n")) {
      if (line.startsWith("```")) fenced = !fenced;
      // Prose only: the book quotes commands and their output, which the
      // simulated cluster prints too.
      if (fenced || !/^[A-ZÁÉÍÓÚ¿¡]/.test(line) || line.includes("`")) continue;
      const sentence = line.split(/(?<=[.:;?!])\s/)[0];
      if (sentence.length < 30) continue;
      checked++;
      if (wasm.includes(Buffer.from(sentence))) {
        console.log(`content/${lang}/${file}: this sentence is in the wasm: ${sentence}`);
        failed = true;
      }
    }
  }
}
console.log(`\nbook text in the wasm: ${checked} sentences of content/ looked for`);
if (failed) {
  console.log("size budget: FAILED");
  process.exit(1);
}
console.log("size budget: passed");
