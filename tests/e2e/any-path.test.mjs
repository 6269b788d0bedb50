// The same dist/, built with no --public-url, served at a host's root and
// under two other paths (the harness serves it under /course/ for every
// other test): pages, their assets, the wasm, links and the 404 page all
// work at each, as an instructor copying dist/ anywhere would find.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { DIST, openPage, recordingPage, waitForIslands } from "./harness.mjs";
import { serve } from "./server.mjs";

const BASES = ["/", "/a/b/"];
const servers = {};

before(async () => {
  for (const base of BASES) servers[base] = await serve(DIST, { base });
});

after(async () => {
  for (const server of Object.values(servers)) await server.close();
});

/** Whether the book's stylesheet applies (its layout grid is on the body). */
const styled = (page) =>
  page.evaluate(() => [...document.styleSheets].some((s) => s.href && s.cssRules.length > 0));

for (const base of BASES) {
  test(`served at ${base}: links, assets and the widgets work`, async () => {
    const { context, page } = await recordingPage();
    const url = servers[base].url;
    // `/` sends an English reader on to the English contents.
    await page.goto(url);
    await page.waitForURL(`**${base}en/`);
    assert.ok(await styled(page), "the stylesheet applies");
    await page.locator(".lang-switch a[hreflang=es-419]").click();
    await page.waitForURL(`**${base}es/`);
    await page.locator("main a", { hasText: "All-reduce" }).first().click();
    await page.waitForURL(`**${base}es/all-reduce/`);
    await waitForIslands(page);
    // The ring and the page's exercises.
    assert.equal(await page.locator("[data-island][data-live]").count(), 4, "the widgets came alive");
    await page.locator(".lang-switch a[hreflang=en]").click();
    await page.waitForURL(`**${base}en/all-reduce/**`);
    assert.deepEqual(page.failed, []);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test(`served at ${base}: the search loads its files and links under the path`, async () => {
    const { context, page } = await recordingPage();
    await page.goto(`${servers[base].url}es/all-reduce/`);
    await page.getByRole("searchbox").fill("nccl");
    const first = page.locator(".search-results a").first();
    await first.waitFor();
    const href = await first.evaluate((a) => a.href);
    assert.ok(href.startsWith(`${servers[base].url}es/`), `a result under ${base}es/: ${href}`);
    await first.click();
    await page.waitForURL(href);
    assert.deepEqual(page.failed, []);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test(`served at ${base}: the 404 page finds the book from any depth`, async () => {
    const { context, page } = await recordingPage();
    const response = await page.goto(`${servers[base].url}es/no-such-page/deeper/still/`);
    assert.equal(response.status(), 404);
    assert.ok(await styled(page), "the stylesheet applies");
    assert.equal(await page.locator("html").getAttribute("lang"), "es-419", "the address's language is kept");
    // Each page is a link away, in the address's language.
    const lab = page.getByRole("link", { name: "Laboratorio: The Slow Lane" });
    assert.equal(await lab.evaluate((a) => a.href), `${servers[base].url}es/the-slow-lane/`);
    const home = page.locator("main a").first();
    await home.click();
    await page.waitForURL(`**${base}es/`);
    await page.waitForSelector("main h1");
    // Only the missing page itself answered 404.
    assert.deepEqual(page.failed, [`404 ${base}es/no-such-page/deeper/still/`]);
    await context.close();
  });
}

test("a page whose stylesheet cannot load says what failed and how to fix it", async () => {
  const { context, page } = await openPage();
  const line = page.locator(".assets-missing");
  await page.goto(`${servers["/a/b/"].url}es/containers-gpus/`);
  assert.equal(await line.isVisible(), false, "hidden while the stylesheet applies");
  await page.route("**/*.css", (route) => route.abort());
  await page.reload();
  assert.ok(await line.isVisible());
  assert.match(await line.innerText(), /copia la carpeta dist\/ entera/);
  await context.close();
});
