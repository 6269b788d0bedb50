// Text first: every page is complete HTML from the build, readable with
// scripts off; the wasm only brings the widgets to life where they stand,
// moves nothing when it does, loads only on pages with widgets, and its
// failure leaves the page readable. Every page passes its own
// Content-Security-Policy (harness.mjs records any violation).
import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, env, openPage, visit, waitForSectionInView } from "./harness.mjs";

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
  // Parts far from the screen are laid out as they come near, in a frame
  // after (innerText leaves out those not laid out yet): each is brought
  // near first, and read once it shows.
  const shown = async (locator) => {
    await locator.scrollIntoViewIfNeeded();
    for (let tries = 0; tries < 40; tries++) {
      const text = await locator.innerText();
      if (text) return text;
      await page.waitForTimeout(50);
    }
    return "";
  };
  assert.match(await shown(page.locator("article pre", { hasText: "State=DRAIN" }).first()), /scontrol update NodeName=node-3 State=DRAIN/);
  // Each widget's first state: the explorer's numbers, the calculator's
  // tables, the ring's first step, the shell's prompt, and the note.
  assert.match(await shown(page.locator("[data-testid=yd-daly]")), /\d/);
  assert.match(await shown(page.locator(".fair-share table").first()), /\w/);
  assert.match(await shown(page.locator("[data-testid=ar-caption]")), /\w/);
  assert.match(await shown(page.locator(".slurm-shell").first()), /login1/);
  assert.equal(await page.locator("[data-island]:not([data-island=exercise]) .island-note").count(), 4);
  assert.match(await shown(page.locator("[data-island]:not([data-island=exercise]) .island-note").first()), /comes alive with JavaScript and WebAssembly/);
  // An exercise says what works without scripts: its answer.
  assert.match(await shown(page.locator("[data-island=exercise] .island-note").first()), /"Show the answer" works without them/);
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

// The article's parts far from the screen are skipped until they come near
// (content-visibility, public/style.css). Containment keeps margins from
// meeting across a part's edge, so each part takes over its children's:
// drawn contained, every part and its children stand where they would
// stand without the rule, as built and once the widgets are alive.
test("parts far from the screen wait to be laid out until the reader scrolls, and every part stands where it would without that", async () => {
  const SKIPPED = "article.page > :is(.md, .figure-slot):not(:first-child)";
  const layout = (page) =>
    page.evaluate(() =>
      [...document.querySelectorAll("article.page > *, article.page > * > *")]
        .filter((e) => e.getClientRects().length)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return `${e.tagName}.${e.className} ${Math.round(r.top + scrollY)} ${Math.round(r.left)} ${Math.round(r.height)}`;
        }),
    );
  // The stylesheet's rules, changed through the CSSOM: the book's sheet is
  // the one that says content-visibility.
  const bookSheet = (page) =>
    page.evaluate(() => [...document.styleSheets].findIndex((s) => [...s.cssRules].some((r) => r.cssText.includes("content-visibility"))));
  const drawnContained = async (page) =>
    page.evaluate(
      ([at, skipped]) => {
        const sheet = document.styleSheets[at];
        sheet.insertRule(`${skipped} { content-visibility: visible !important; contain: layout paint style !important; }`, sheet.cssRules.length);
      },
      [await bookSheet(page), SKIPPED],
    );
  const withoutTheRule = async (page) =>
    page.evaluate((at) => {
      const sheet = document.styleSheets[at];
      for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
        const rule = sheet.cssRules[i];
        if (rule.cssText.includes("content-visibility") && !(rule instanceof CSSMediaRule)) sheet.deleteRule(i);
      }
    }, await bookSheet(page));
  for (const [path, live] of [["en/running-jobs/", false], ["es/running-jobs/", false], ["es/the-slow-lane/", false], ["en/running-jobs/", true]]) {
    const { context, page } = await openPage({ viewport: { width: 412, height: 800 } });
    if (live) await visit(page, path);
    else {
      await page.route("**/*.wasm", (r) => r.abort());
      await page.goto(env.url + path);
    }
    // Once the reader scrolls (here, to each widget), book.js lays out the
    // parts not drawn yet, one per idle moment.
    if (live) await page.waitForFunction(() => !document.documentElement.classList.contains("lay-out-near"));
    const skipped = await page.evaluate((skipped) => [...document.querySelectorAll(skipped)].map((e) => getComputedStyle(e).contentVisibility), SKIPPED);
    const expected = live ? "visible" : "auto";
    assert.ok(skipped.length >= 1 && skipped.every((v) => v === expected), `${path}: ${skipped}`);
    // The islands are always drawn: the shell's full screen is fixed, and
    // every island's form fields would have Chrome's autofill lay out each
    // skipped part on its own once the page has parsed.
    const islands = await page.evaluate(() => [...document.querySelectorAll("article.page .island")].map((e) => getComputedStyle(e).contentVisibility));
    assert.ok(islands.length >= 1 && islands.every((v) => v === "visible"), `${path}: the islands are drawn: ${islands}`);
    await drawnContained(page);
    const contained = await layout(page);
    await withoutTheRule(page);
    const plain = await layout(page);
    assert.ok(plain.length > 20);
    assert.deepEqual(contained, plain, `${path}${live ? ", live" : ""}`);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

// A smooth scroll to a far section sets off with the estimated heights of
// the parts on the way (book.js lands it on the section where it ends).
test("a link within the page lands on its section, however far, on a phone and on a wide screen", async () => {
  for (const [width, from] of [[1280, ".toc-sections"], [412, "article"]]) {
    const { context, page } = await openPage({ viewport: { width, height: 800 } });
    await page.goto(`${env.url}en/running-jobs/`);
    await page.waitForFunction(() => document.documentElement.classList.contains("smooth-scroll"));
    const link = page.locator(`${from} a[href$="#fair-share"]`).first();
    if (width === 1280) await link.click();
    else await link.evaluate((a) => a.click());
    await page.waitForURL(/#fair-share$/);
    await waitForSectionInView(page, "fair-share");
    // And stays there.
    await page.waitForTimeout(500);
    await waitForSectionInView(page, "fair-share");
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

// A page opened at a section lays out only the section's own part at once
// (the head's script adds the rules): the parts before and after it wait,
// counted at an estimated height. It lands on its section; once the page
// has loaded, the parts above it are drawn one per idle moment, nearest
// first, and scroll anchoring keeps the section where it is on screen as
// they get their real heights; nothing on screen moves while the page
// loads and the widgets near it come alive. A reload draws everything;
// the reader's first key lays the rest out.
test("a page opened at a section lays out only that section's part, lands on it, and moves nothing", async () => {
  for (const [path, id, width] of [["en/running-jobs/", "checkpoint-interval", 412], ["es/running-jobs/", "slurm-concepts", 1280]]) {
    const { context, page } = await openPage({ viewport: { width, height: 800 } });
    await page.addInitScript(() => {
      window.__shift = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.__shift += e.hadRecentInput ? 0 : e.value))).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${env.url}${path}#${id}`);
    await page.waitForLoadState("load");
    await waitForSectionInView(page, id);
    // Each part's state ("v" drawn, "a" as it comes near): what the rules
    // ask (`far`) and what it is now (`now`), for the parts before the
    // section's (but the first, always drawn), its own and those after
    // it; the islands are always drawn.
    const drawn = () =>
      page.evaluate((id) => {
        const parts = [...document.querySelectorAll("article.page > *")];
        const at = parts.indexOf(document.getElementById(id).closest("article.page > *"));
        const each = (list, read) => list.filter((p) => !p.matches(".island-slot")).map((p) => read(getComputedStyle(p))[0] ?? "v").join("");
        const seen = (read) => ({ before: each(parts.slice(1, at), read), own: each([parts[at]], read), after: each(parts.slice(at + 1), read) });
        return { far: seen((s) => s.getPropertyValue("--far").trim()), now: seen((s) => s.contentVisibility) };
      }, id);
    const { far } = await drawn();
    assert.match(far.before, /^a+$/, `${path}#${id}: the parts before the section wait`);
    assert.equal(far.own, "v", `${path}#${id}: the section's part is drawn`);
    assert.match(far.after, /^a{5,}$/, `${path}#${id}: the parts after it wait`);
    await page.waitForFunction((id) => {
      const part = document.getElementById(id).closest("article.page > *");
      let el = part.previousElementSibling;
      for (; el; el = el.previousElementSibling) if (getComputedStyle(el).contentVisibility !== "visible") return false;
      return true;
    }, id);
    const { now } = await drawn();
    assert.match(now.after, /^a{5,}$/, `${path}#${id}: the parts after it still wait`);
    const onScreen = () => page.evaluate((id) => Math.round(document.getElementById(id).getBoundingClientRect().top), id);
    await waitForSectionInView(page, id);
    const landed = await onScreen();
    await page.evaluate(() => document.documentElement.classList.remove("lay-out-around"));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.ok(Math.abs((await onScreen()) - landed) <= 1, `${path}#${id}: stays at ${landed}px once every part has its real height, not ${await onScreen()}px`);
    assert.ok((await page.evaluate(() => window.__shift)) <= 0.001, `${path}#${id}: layout shift ${await page.evaluate(() => window.__shift)}`);
    await page.reload();
    await page.waitForLoadState("load");
    const reloaded = (await drawn()).now;
    assert.match(reloaded.before + reloaded.after, /^v+$/, `${path}#${id}: a reload draws every part`);
    await page.goto(`${env.url}${path.slice(0, 3)}`);
    await page.goto(`${env.url}${path}#${id}`, { waitUntil: "load" });
    assert.match((await drawn()).now.after, /^a+$/);
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => !document.documentElement.classList.contains("lay-out-around"));
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

// A reload or a return puts the reader back where they were: the browser
// restores the scroll offset, which only real heights make right.
test("a reload finds the reader's place, even after a jump to the end of the page", async () => {
  const { context, page } = await openPage({ viewport: { width: 412, height: 800 } });
  await page.goto(`${env.url}en/running-jobs/`);
  await page.waitForLoadState("load");
  const place = () =>
    page.evaluate(() => {
      const passed = [...document.querySelectorAll("article :is(h2, h3)[id]")].filter((h) => h.getBoundingClientRect().top < 400);
      const h = passed[passed.length - 1];
      return `${h.id} at ${Math.round(h.getBoundingClientRect().top)}`;
    });
  await page.keyboard.press("End");
  await page.waitForFunction(() => !document.documentElement.classList.contains("lay-out-near"));
  await page.keyboard.press("PageUp");
  await page.waitForTimeout(500);
  const before = await place();
  await page.reload();
  await page.waitForLoadState("load");
  await page.waitForTimeout(500);
  assert.equal(await place(), before);
  assert.deepEqual(page.problems, []);
  await context.close();
});
