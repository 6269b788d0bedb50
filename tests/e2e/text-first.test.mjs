// Text first: every page is complete HTML from the build, readable with
// scripts off; the wasm only brings the widgets to life where they stand,
// moves nothing when it does, loads only on pages with widgets, and its
// failure leaves the page readable. Every page passes its own
// Content-Security-Policy (harness.mjs records any violation).
import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, env, openPage, visit } from "./harness.mjs";

const PAGES = ["running-jobs", "all-reduce", "containers-gpus", "fallen-off-the-bus", "the-slow-lane"];
const WITH_WIDGETS = ["running-jobs", "all-reduce", "containers-gpus", "fallen-off-the-bus", "the-slow-lane"];

test("with scripts off every page is there: text, contents, language links and the widgets' first state", async () => {
  const { context, page } = await openPage({ javaScriptEnabled: false });
  for (const [lang, tag] of [["en", "en"], ["es", "es-419"]]) {
    for (const slug of ["", ...PAGES]) {
      const response = await page.goto(`${env.url}${lang}/${slug}`);
      assert.equal(response.status(), 200, `${lang}/${slug}`);
      assert.ok((await page.locator("main h1").textContent()).length > 3, `${lang}/${slug}`);
      assert.equal(await page.getAttribute("html", "lang"), tag);
      assert.equal(await page.locator(".lang-switch a[hreflang]").count(), 2);
      assert.ok((await page.locator("#book-nav a").count()) >= 6, `${lang}/${slug}: contents`);
    }
  }
  await page.goto(`${env.url}en/running-jobs/`);
  assert.match(await page.title(), /^2\. Running Jobs · GPU Clusters in Practice$/);
  const text = await page.locator("article").innerText();
  assert.match(text, /scontrol update NodeName=node-3 State=DRAIN/);
  // Each widget's first state: the explorer's numbers, the calculator's
  // tables, the ring's first step, the shell's prompt, and the note.
  assert.match(await page.locator("[data-testid=yd-daly]").innerText(), /\d/);
  assert.ok(await page.locator(".fair-share table").first().isVisible());
  assert.match(await page.locator("[data-testid=ar-caption]").innerText(), /\w/);
  assert.match(await page.locator(".slurm-shell").first().innerText(), /login1/);
  assert.equal(await page.locator("[data-island]:not([data-island=exercise]) .island-note").count(), 4);
  assert.match(await page.locator("[data-island]:not([data-island=exercise]) .island-note").first().innerText(), /comes alive with JavaScript and WebAssembly/);
  // An exercise says what works without scripts: its answer.
  assert.match(await page.locator("[data-island=exercise] .island-note").first().innerText(), /"Show the answer" works without them/);
  // A lab shows its goals.
  await page.goto(`${env.url}es/fallen-off-the-bus/`);
  assert.match(await page.locator(".lab-panel").innerText(), /Objetivos/);
  // `/` is a page of links.
  await page.goto(env.url);
  assert.deepEqual(
    await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
    ["./en/", "./es/"],
  );
  await context.close();
});

test("each page has its own title, description and language links in its head", async () => {
  const { context, page } = await openPage();
  await visit(page, "es/all-reduce/");
  assert.equal(await page.title(), "All-reduce (anillo y árbol) · Clústeres de GPU en la práctica");
  assert.ok((await page.getAttribute('meta[name="description"]', "content")).length > 20);
  const alternates = await page.locator('link[rel="alternate"]').evaluateAll((ls) =>
    ls.map((l) => `${l.hreflang} ${new URL(l.href).pathname}`),
  );
  assert.deepEqual(alternates, [`en ${BASE}en/all-reduce/`, `es-419 ${BASE}es/all-reduce/`, `x-default ${BASE}en/all-reduce/`]);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  assert.doesNotMatch(csp, /'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  const robots = await page.goto(`${env.url}robots.txt`);
  assert.match(await robots.text(), /^User-agent: \*/);
  await context.close();
});

test("only pages with widgets load wasm, each module its widgets need, and there every widget comes alive", async () => {
  const { context, page } = await openPage();
  const wasm = [];
  page.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url()));
  // The contents page's one widget, the progress file, is at its end: on
  // a phone, no wasm until the reader gets there.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${env.url}en/`);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  assert.deepEqual(wasm, [], "the contents page loaded wasm before its end was near");
  await page.setViewportSize({ width: 1280, height: 900 });
  const loaded = {};
  for (const slug of ["", ...WITH_WIDGETS]) {
    const before = wasm.length;
    await visit(page, `en/${slug}`);
    const islands = await page.locator("[data-island]").count();
    assert.ok(islands > 0);
    assert.equal(await page.locator("[data-island][data-live]").count(), islands, slug);
    loaded[slug] = wasm.slice(before).map((url) => url.split("/").pop().replace(/-[0-9a-f]{1,16}_bg\.wasm$/, "")).sort();
  }
  // The labs load the shell's module, the all-reduce page the other
  // widgets', the chapter both (the shell's only once a shell is near);
  // a page whose only widgets are exercises loads theirs alone, as
  // does the contents page for its progress file.
  assert.deepEqual(loaded, {
    "": ["gpu-book-exercises"],
    "running-jobs": ["gpu-book-shell", "gpu-book-widgets"],
    "all-reduce": ["gpu-book-widgets"],
    "containers-gpus": ["gpu-book-exercises"],
    "fallen-off-the-bus": ["gpu-book-shell"],
    "the-slow-lane": ["gpu-book-shell"],
  });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a wasm that fails to load leaves the page readable, the widgets' first state and a note", async () => {
  const { context, page } = await openPage();
  await page.route("**/*.wasm", (route) => route.abort());
  await page.goto(`${env.url}en/running-jobs/`);
  await page.waitForSelector("main h1");
  assert.match(await page.locator("article").innerText(), /Slurm/);
  assert.equal(await page.locator(".island-note").count(), 0, "no note before a widget is near");
  for (const island of await page.locator("[data-island]").all()) {
    await island.scrollIntoViewIfNeeded();
    await island.locator(".island-note").waitFor();
  }
  assert.equal(await page.locator("[data-island][data-live]").count(), 0);
  assert.match(await page.locator("[data-island]:not([data-island=exercise]) .island-note").first().innerText(), /comes alive with JavaScript and WebAssembly/);
  // The chrome still works: its script is not the wasm.
  await page.getByRole("button", { name: "Switch to the dark theme" }).click();
  assert.equal(await page.getAttribute("html", "data-theme"), "dark");
  await context.close();
});

test("a widget comes alive only as the reader nears it", async () => {
  const { context, page } = await openPage();
  const wasm = [];
  page.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url()));
  await page.goto(`${env.url}en/running-jobs/`);
  await page.waitForLoadState("networkidle");
  assert.deepEqual(wasm, [], "the chapter's first screen has no widget: no wasm yet");
  await page.locator("[data-island=fair-share]").scrollIntoViewIfNeeded();
  await page.waitForSelector(".island[data-island=fair-share][data-live]");
  assert.equal(wasm.length, 1);
  assert.match(wasm[0], /gpu-book-widgets-/, "the calculator's module, not the shell's");
  assert.equal(await page.locator("[data-island=slurm-shell][data-live]").count(), 0, "a widget far away stays as built");
  // The shell's module comes only with a shell.
  await page.locator("[data-island=slurm-shell]").scrollIntoViewIfNeeded();
  await page.waitForSelector(".island[data-island=slurm-shell][data-live]");
  assert.equal(wasm.length, 2);
  assert.match(wasm[1], /gpu-book-shell-/);
  assert.deepEqual(page.problems, []);
  await context.close();
});
