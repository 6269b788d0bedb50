// The search box on the built book: the index and the search module load
// on first use; accents, case and Slurm's own tokens are found; the
// keyboard alone opens, walks and follows the results to the section;
// the count is announced in the page's language; a query of any size
// answers. Its query times in the browser are in benchmarks.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { env, openPage, waitForSectionInView } from "./harness.mjs";

/** Opens `path` and waits until the chrome's script has run. */
async function open(path, options) {
  const opened = await openPage(options);
  await opened.page.goto(env.url + path);
  await opened.page.waitForLoadState("load");
  return opened;
}

/** Types `text` into the search box and waits for its results panel. */
async function query(page, text) {
  const input = page.getByRole("searchbox");
  await input.fill(text);
  await page.locator(".search-panel:not([hidden])").waitFor();
  return page.locator(".search-results a");
}

test("a Spanish reader finds configuración without its accent, and hears the count", async () => {
  const { context, page } = await open("es/");
  const input = page.getByRole("searchbox", { name: "Buscar en el libro" });
  assert.equal(await input.count(), 1, "the box has its Spanish name");
  // Nothing of the search is fetched before the reader uses it.
  const fetched = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.waitForTimeout(300);
  assert.ok(!fetched.some((p) => /search/.test(p)), `nothing fetched yet: ${fetched}`);
  // `/` focuses the box.
  await page.locator("body").press("/");
  assert.ok(await input.evaluate((el) => el === document.activeElement), "/ focuses the box");
  const results = await query(page, "configuracion");
  assert.ok((await results.count()) > 0, "results for configuracion");
  const marks = await page.locator(".search-results mark").allTextContents();
  assert.ok(marks.some((m) => /^configur/i.test(m)), `the matches marked: ${marks.slice(0, 5)}`);
  // A result is a section that says "configuración", with its accent.
  const sections = await results.evaluateAll((links) => links.map((a) => a.href));
  const says = await page.evaluate(async (hrefs) => {
    for (const href of hrefs) {
      const html = await (await fetch(href)).text();
      const page = new DOMParser().parseFromString(html, "text/html");
      const id = new URL(href).hash.slice(1);
      // The section's text: from its heading to the next one, in page order.
      let inside = !id;
      let text = "";
      for (const el of page.querySelectorAll("article :is(h2, h3, p, li, pre, td)")) {
        if (/^H[23]$/.test(el.tagName)) inside = el.id === id;
        else if (inside) text += el.textContent;
      }
      if (text.includes("configuración")) return href;
    }
    return null;
  }, sections);
  assert.ok(says, `a section saying "configuración" among ${sections}`);
  // The count, in Spanish, in the live region once typing pauses.
  const status = page.locator("[role=status][aria-live=polite]");
  await page.waitForFunction(() => /resultados?$/.test(document.querySelector(".search [role=status]").textContent));
  assert.match(await status.textContent(), /^(\d+ resultados?|Más de 20 resultados.*)$/);
  assert.ok(fetched.some((p) => /search-es-[0-9a-f]{16}\.txt$/.test(p)), `the Spanish index loaded: ${fetched}`);
  assert.ok(fetched.some((p) => /gpu-book-search-[0-9a-f]{1,16}_bg\.wasm$/.test(p)), "the search module loaded");
  // A word of another Spanish that the book does not use finds the
  // book's word for it (content/es/glossary.toml): "drenar" finds where
  // the book says "hacer drain", marked.
  const drain = await query(page, "drenar");
  assert.ok((await drain.count()) > 0, "results for drenar");
  await page.waitForFunction(() => [...document.querySelectorAll(".search-results mark")].some((m) => m.textContent === "drain"));
  // A variant written with any ending (añad*) finds every form of the
  // book's verb: "añadir" finds where a page says "agrega".
  const add = await query(page, "añadir");
  assert.ok((await add.count()) > 0, "results for añadir");
  await page.waitForFunction(() => [...document.querySelectorAll(".search-results mark")].some((m) => /^agrega/.test(m.textContent)));
  // Nothing found is said too.
  await query(page, "zzzqqq");
  await page.waitForFunction(() => document.querySelector(".search [role=status]").textContent === "Ningún resultado");
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("Slurm's tokens are found as typed, and the keyboard follows a result to its section", async () => {
  const { context, page } = await open("en/");
  await page.locator("body").press("/");
  const results = await query(page, "--gpus-per-node");
  assert.ok((await results.count()) > 0, "results for --gpus-per-node");
  assert.equal(await page.locator(".search-results mark").first().textContent(), "--gpus-per-node");
  for (const q of ["NCCL_IB_HCA", "all_reduce_perf", "scontrol"]) {
    const found = await query(page, q);
    assert.ok((await found.count()) > 0, `results for ${q}`);
  }
  // Escape closes the results; typing opens them again.
  await page.keyboard.press("Escape");
  assert.ok(await page.locator(".search-panel").isHidden(), "Escape closes");
  await query(page, "drain a node");
  // Down into the results, down again, up: the focus moves link to link.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  const first = page.locator(".search-results a").first();
  assert.ok(await first.evaluate((a) => a === document.activeElement), "the first result has the focus");
  const href = await first.evaluate((a) => a.href);
  const id = new URL(href).hash.slice(1);
  assert.ok(id, `a deep link to a section: ${href}`);
  await page.keyboard.press("Enter");
  await page.waitForURL(href);
  await waitForSectionInView(page, id);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("/ is typed, not taken, in a text field; any query answers; without scripts no box shows", async () => {
  const { context, page } = await open("en/");
  const input = page.getByRole("searchbox", { name: "Search the book" });
  await input.focus();
  await page.keyboard.type("a/b");
  assert.equal(await input.inputValue(), "a/b");
  // A huge paste of anything: the page answers at once, at most 20 results.
  const huge = "gpu --gpus-per-node é ñ 日本 <mark>&amp; ".repeat(20000);
  const started = Date.now();
  const results = await query(page, huge);
  assert.ok(Date.now() - started < 5000, `answered in ${Date.now() - started} ms`);
  assert.ok((await results.count()) <= 20);
  const one = await query(page, "<script>");
  assert.ok((await one.count()) >= 0);
  assert.equal(await page.locator(".search-results script").count(), 0, "nothing of the query runs");
  assert.deepEqual(page.problems, []);
  await context.close();

  const off = await open("es/", { javaScriptEnabled: false });
  assert.equal(await off.page.locator(".search").isVisible(), false, "no dead search box without scripts");
  await off.context.close();
});
