// End-to-end tests of the built book (dist/, served under /course/ by a
// static server with no single-page-app fallback) in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import { BASE, env, openPage, visit, waitForSectionInView, waitForIslands } from "./harness.mjs";

const PAGES = ["running-jobs", "all-reduce", "containers-gpus", "fallen-off-the-bus", "the-slow-lane"];

test("/ sends an English reader to /en/ and any Spanish reader to /es/", async () => {
  // Spanish is written for Latin America (es-419); a reader from Spain
  // (es-ES) gets it too.
  for (const [locale, lang, tag, heading] of [
    ["en-US", "en", "en", "GPU Clusters in Practice"],
    ["es-MX", "es", "es-419", "Clústeres de GPU en la práctica"],
    ["es-ES", "es", "es-419", "Clústeres de GPU en la práctica"],
    ["de-DE", "en", "en", "GPU Clusters in Practice"],
  ]) {
    const { context, page } = await openPage({ locale });
    await page.goto(env.url);
    await page.waitForURL(`**${BASE}${lang}/`);
    assert.equal(await page.locator("main h1").textContent(), heading);
    assert.equal(await page.getAttribute("html", "lang"), tag);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

test("a saved language choice wins over the browser's", async () => {
  const { context, page } = await openPage({ locale: "en-US" });
  await visit(page, "en/");
  await page.getByRole("link", { name: "Español" }).click();
  await page.waitForURL(`**${BASE}es/`);
  await page.goto(env.url);
  await page.waitForURL(`**${BASE}es/`);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the chapter opens from the contents and its cross-references lead to real pages", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/");
  await page.getByRole("link", { name: "Start reading" }).click();
  await page.waitForURL(`**${BASE}en/running-jobs/`);
  assert.equal(await page.locator("main h1").textContent(), "2. Running Jobs");
  assert.match(await page.title(), /Running Jobs/);

  await page.locator("article").getByRole("link", { name: "All-reduce (ring & tree)" }).first().click();
  await page.waitForURL(`**${BASE}en/all-reduce/`);
  assert.equal(await page.locator("main h1").textContent(), "All-reduce (ring & tree)");

  await page.getByRole("link", { name: /Previous/ }).click();
  await page.waitForURL(`**${BASE}en/running-jobs/`);
  await page.locator("article").getByRole("link", { name: "Fair-share scheduling" }).first().click();
  await page.waitForURL(`**${BASE}en/running-jobs/#fair-share`);
  await waitForSectionInView(page, "fair-share");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("switching language keeps the page and the section being read", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpointing");
  await waitForSectionInView(page, "checkpointing");
  await page.waitForSelector('.toc-sections li.active a[href$="#checkpointing"]');
  await page.waitForSelector('a[hreflang="es-419"][href$="#checkpointing"]');
  // From the keyboard: Playwright's mouse click first scrolls its target
  // "into view", which for a link in the sticky top bar can move the page
  // and change the section being read (1 run in 5 here).
  await page.getByRole("link", { name: "Español" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`**${BASE}es/running-jobs/#checkpointing`);
  await page.waitForFunction(() => document.documentElement.lang === "es-419");
  await waitForSectionInView(page, "checkpointing");
  assert.match(await page.locator("#checkpointing").textContent(), /Checkpointing y tolerancia a fallas/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the section being read is marked in the table of contents while scrolling", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs");
  await page.locator("#kubernetes").scrollIntoViewIfNeeded();
  await page.evaluate(() => document.getElementById("kubernetes").scrollIntoView());
  await page.waitForSelector('.toc-sections li.active a[href$="#kubernetes"]');
  const current = await page.locator('.toc-sections a[aria-current="location"]').textContent();
  assert.match(current, /2\.5/);
  await context.close();
});

// On a page opened at a section, the parts above it are not laid out yet:
// the section's heading (2.4) is in one of them, the subsection
// (checkpoint-interval) opens the part on screen, and the language links
// follow each subsection the reader scrolls past.
test("on a page opened at a subsection, the contents mark its section and the language links follow it", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs#checkpoint-interval");
  await waitForSectionInView(page, "checkpoint-interval");
  await page.waitForSelector('.toc-sections li.active a[href$="#checkpointing"]');
  await page.waitForSelector('a[hreflang="es-419"][href$="#checkpoint-interval"]');
  await page.evaluate(() => document.getElementById("young-daly-by-hand").scrollIntoView());
  await page.waitForSelector('a[hreflang="es-419"][href$="#young-daly-by-hand"]');
  await page.waitForSelector('.toc-sections li.active a[href$="#checkpointing"]');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("deep links load straight from a static host with no fallback, and survive a reload", async () => {
  const { context, page } = await openPage();
  const response = await visit(page, "es/running-jobs#fair-share");
  assert.equal(response.status(), 200, "a real file answers the deep link");
  await waitForSectionInView(page, "fair-share");
  await page.reload();
  await waitForIslands(page);
  await page.waitForSelector("main h1");
  await waitForSectionInView(page, "fair-share");
  assert.equal(await page.locator("main h1").textContent(), "2. Ejecutar trabajos");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("an unknown address shows a translated 'not found' with a way back", async () => {
  const { context, page } = await openPage();
  const response = await visit(page, "es/no-such-page");
  assert.equal(response.status(), 404);
  assert.equal(await page.locator("main h1").textContent(), "Página no encontrada");
  await page.getByRole("link", { name: "Ir al índice" }).click();
  await page.waitForURL(`**${BASE}es/`);
  await context.close();
});

test("the theme toggle switches to dark and is remembered", async () => {
  const { context, page } = await openPage({ colorScheme: "light" });
  await visit(page, "en/running-jobs");
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await bg(), "rgb(255, 255, 255)");
  await page.getByRole("button", { name: "Switch to the dark theme" }).click();
  assert.equal(await page.getAttribute("html", "data-theme"), "dark");
  assert.notEqual(await bg(), "rgb(255, 255, 255)");
  await page.reload();
  await waitForIslands(page);
  await page.waitForSelector("main h1");
  assert.equal(await page.getAttribute("html", "data-theme"), "dark");
  assert.ok(await page.getByRole("button", { name: "Switch to the light theme" }).isVisible());
  await context.close();
});

test("the theme follows the system until the reader chooses", async () => {
  const { context, page } = await openPage({ colorScheme: "dark" });
  await visit(page, "en/");
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(20, 24, 23)");
  await context.close();
});

test("code blocks copy their text", async () => {
  const { context, page } = await openPage();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await visit(page, "en/running-jobs#operator-commands");
  const button = page.locator("#operator-commands ~ .code-block .copy-button").first();
  assert.equal(await button.textContent(), "Copy");
  await button.click();
  assert.equal(await button.textContent(), "Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /scontrol update NodeName=node-3 State=DRAIN Reason="gpu5 fan"/);
  await context.close();
});

test("every widget on every page is live, in the reader's language", async () => {
  const { context, page } = await openPage();
  for (const slug of ["running-jobs", "all-reduce", "fallen-off-the-bus", "the-slow-lane"]) {
    await visit(page, `es/${slug}`);
    assert.equal(await page.locator(".content-notice").count(), 0, slug);
    assert.ok((await page.locator(".widget").count()) > 0, slug);
  }
  // A lab's shell comes with its checklist, in Spanish.
  assert.match(await page.locator(".lab-panel").innerText(), /Objetivos/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("on a phone the contents is a menu", async () => {
  const { context, page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await visit(page, "en/running-jobs");
  const nav = page.locator("#book-nav");
  assert.equal(await nav.isVisible(), false);
  const menu = page.getByRole("button", { name: "Open the contents" });
  await menu.click();
  assert.equal(await nav.isVisible(), true);
  assert.equal(await page.getByRole("button", { name: "Close the contents" }).getAttribute("aria-expanded"), "true");
  await nav.getByRole("link", { name: "Containers & GPUs" }).click();
  await page.waitForURL(`**${BASE}en/containers-gpus/`);
  assert.equal(await nav.isVisible(), false);
  // No page scrolls sideways: wide tables, code and terminals scroll inside.
  for (const lang of ["en", "es"]) {
    for (const slug of PAGES) {
      await visit(page, `${lang}/${slug}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${lang}/${slug} scrolls sideways by ${overflow}px`);
    }
  }
  await context.close();
});

test("on the narrowest phones the top bar keeps every control in view, and the search opens over it", async () => {
  for (const width of [320, 360]) {
    const { context, page } = await openPage({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });
    for (const [lang, names] of [["en", ["English", "Español"]], ["es", ["English", "Español"]]]) {
      await visit(page, `${lang}/running-jobs`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${lang} at ${width}px scrolls sideways by ${overflow}px`);
      const boxes = await page.locator(".topbar :is(.menu-toggle, .brand, .search, .lang-switch a, .theme-toggle)").evaluateAll((els) =>
        els.map((el) => ({ name: el.className || el.textContent, ...el.getBoundingClientRect().toJSON() })),
      );
      assert.equal(boxes.length, 6);
      for (const box of boxes) {
        assert.ok(box.left >= 0 && box.right <= width && box.width > 0, `${lang} at ${width}px: ${JSON.stringify(box)}`);
      }
      // The title keeps two lines of a few letters each (it used to shrink to "C…").
      const brand = boxes.find((box) => box.name === "brand");
      assert.ok(brand.width >= 56, `${lang} at ${width}px: the title is ${brand.width}px wide`);
      // Each language by its code on screen, by its name for screen readers.
      for (const name of names) {
        assert.equal(await page.getByRole("link", { name, exact: true }).count(), 1, name);
      }
      assert.deepEqual(await page.locator(".lang-code").allInnerTexts(), ["EN", "ES"]);
      const field = page.locator(".search-input");
      await field.tap();
      const open = await field.boundingBox();
      assert.ok(open.width >= width - 2 * 16 - 1, `${lang} at ${width}px: the open search is ${open.width}px wide`);
      await field.fill("drain");
      await page.locator(".search-results a").first().waitFor();
      await page.keyboard.press("Escape");
    }
    await context.close();
  }
});

test("keyboard: the first Tab reaches a visible skip link that moves focus to the text", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs");
  await page.keyboard.press("Tab");
  const focused = page.locator(":focus");
  assert.equal(await focused.textContent(), "Skip to content");
  assert.ok(await focused.isVisible());
  const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
  assert.notEqual(outline, "none");
  await page.keyboard.press("Enter");
  await page.waitForURL(/#main$/);
  await context.close();
});

test("print shows the text alone", async () => {
  const { context, page } = await openPage();
  await visit(page, "en/running-jobs");
  await page.emulateMedia({ media: "print" });
  for (const selector of [".topbar", "#book-nav", ".pager", ".copy-button"]) {
    assert.equal(await page.locator(selector).first().isVisible(), false, `${selector} prints`);
  }
  // The widgets print what they show, not their controls.
  const shell = page.locator("[data-island=slurm-shell]").first();
  for (const [what, locator] of [
    ["a widget's buttons", page.locator(".island button")],
    ["a widget's sliders", page.locator(".island input[type=range]")],
    ["the shell's speed", shell.getByLabel("Simulated time")],
    ["the shell's keys", shell.getByText("Enter runs a command")],
  ]) {
    assert.ok((await locator.count()) > 0, `${what} are on the page`);
    assert.equal(await locator.evaluateAll((els) => els.filter((e) => e.checkVisibility()).length), 0, `${what} print`);
  }
  assert.ok(await shell.locator("[data-testid=sh-clock]").isVisible(), "the shell's clock prints");
  assert.ok(await page.locator(".young-daly .chart-svg svg").isVisible(), "the charts print");
  assert.ok(await page.locator("article h1").isVisible());
  await context.close();
});

// The links are the pages' own HTML (text first: scripts add none), so
// this reads them with scripts off, which spares compiling the widgets'
// wasm on every one of some 70 visits.
test("every link on every page leads somewhere real", async () => {
  const { context, page } = await openPage({ javaScriptEnabled: false });
  const seen = new Set();
  for (const lang of ["en", "es"]) {
    for (const slug of ["", ...PAGES]) {
      await page.goto(`${env.url}${lang}/${slug}`);
      const hrefs = await page.$$eval("a[href]", (as) => as.map((a) => a.href));
      for (const href of hrefs) if (href.includes(BASE) && !href.endsWith("#main")) seen.add(href);
    }
  }
  assert.ok(seen.size > 60, `only ${seen.size} links found`);
  for (const href of seen) {
    const url = new URL(href);
    const path = url.pathname;
    await page.goto(href);
    const h1 = await page.locator("main h1").textContent();
    assert.ok(!/not found|no encontrada/i.test(h1), `${path} is not a page`);
    if (url.hash) {
      const id = decodeURIComponent(url.hash.slice(1));
      assert.ok(await page.locator(`[id="${id}"]`).count(), `${href}: no element #${id}`);
    }
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("axe finds no accessibility violations on any page, in either language or theme", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { context, page } = await openPage({ colorScheme });
    for (const lang of ["en", "es"]) {
      for (const slug of ["", ...PAGES, "no-such-page"]) {
        await visit(page, `${lang}/${slug}`);
        // The browser logs the unknown address's 404 status: expected there.
        if (slug === "no-such-page") page.problems = page.problems.filter((p) => !/status of 404/.test(p));
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
        assert.deepEqual(summary, [], `${colorScheme} ${lang}/${slug}`);
      }
    }
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

test("figures are drawn in the page's language, named for screen readers, and fit a phone without scripts", async () => {
  for (const [lang, names] of [
    ["en", ["The CUDA software stack, from the GPU up", "A Slurm job's states and what moves it between them", "A Slurm node's states and what moves it between them"]],
    ["es", ["La pila de software CUDA, desde la GPU hacia arriba", "Los estados de un trabajo de Slurm y qué lo lleva de uno a otro", "Los estados de un nodo de Slurm y qué lo lleva de uno a otro"]],
  ]) {
    const { context, page } = await openPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await page.goto(`${env.url}${lang}/running-jobs/`);
    for (const name of names) {
      const figure = page.getByRole("img", { name, exact: true });
      await figure.scrollIntoViewIfNeeded();
      const box = await figure.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `${lang} "${name}" is ${box.width}px wide at x=${box.x}`);
      // Every label stays inside its drawing, and is at least 11 px tall.
      const labels = await figure.evaluate((svg) => {
        const frame = svg.getBoundingClientRect();
        return [...svg.querySelectorAll("text")].map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent, inside: r.left >= frame.left - 1 && r.right <= frame.right + 1, height: r.height };
        });
      });
      assert.ok(labels.length > 3, name);
      for (const label of labels) {
        assert.ok(label.inside, `${lang}: "${label.text}" runs out of "${name}"`);
        assert.ok(label.height >= 11, `${lang}: "${label.text}" is ${label.height}px tall`);
      }
    }
    assert.equal(await page.locator("figure.figure figcaption").count(), 3);
    await context.close();
  }
});
