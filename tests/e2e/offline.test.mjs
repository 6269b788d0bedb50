// Offline and installable, end to end: after one visit the service worker
// holds the whole build; then the static server is STOPPED (Playwright's
// offline mode does not cover a service worker's own fetches) and every
// page of both languages is read, every widget used and a lab played,
// under a sub-path. And a new build is offered, and applied only when the
// reader accepts, never mixed with the build a page came from. Prints the
// coverage ("offline: N pages, M widgets ...").
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium.mjs";
import { DIST, env, recordingPage, waitForIslands } from "./harness.mjs";
import { serve } from "./server.mjs";

/** Every file of a build but the worker, as paths under it. */
async function buildFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .filter((p) => p !== "sw.js")
    .sort();
}

/** The pages of a build: each language's contents and its pages. */
const pagesOf = (files) =>
  files.filter((f) => /^[a-z]{2}\/(.+\/)?index\.html$/.test(f)).map((f) => f.replace(/index\.html$/, ""));

/**
 * Waits (30 s at most) until the page's service worker is active; returns
 * the names of the book's caches and how many files each holds.
 */
async function workerReady(page) {
  return page.evaluate(async () => {
    const late = new Promise((_, fail) => setTimeout(() => fail(new Error("no service worker became active in 30 s")), 30000));
    const registration = await Promise.race([navigator.serviceWorker.ready, late]);
    const scope = new URL(registration.scope).pathname;
    const names = (await caches.keys()).filter((n) => n.startsWith(`gpu-book ${scope} `));
    const sizes = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length));
    return { names, sizes };
  });
}

const VERSION = /const VERSION = "([0-9a-f]{16})";/;

/** Serves a copy of dist/ at `/` for `use(server, dir)`, which may change it; removes it after. */
async function withCopyOfDist(use) {
  const dir = await mkdtemp(join(tmpdir(), "gpu-book-copy-"));
  await cp(DIST, dir, { recursive: true });
  const server = await serve(dir, { base: "/" });
  try {
    await use(server, dir);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const type = async (input, line) => {
  await input.fill(line);
  await input.press("Enter");
};
const text = (page, id) => page.locator(`[data-testid="${id}"]`).first().textContent();

test("after one visit the whole book reads offline: every page of both languages, every widget, a lab", async (t) => {
  const started = Date.now();
  const files = await buildFiles(DIST);
  const version = (await readFile(join(DIST, "sw.js"), "utf8")).match(VERSION)[1];
  const server = await serve(DIST, { base: "/a/b/" });
  const { context, page } = await recordingPage();
  t.after(() => Promise.all([context.close(), server.close()]));
  await page.goto(`${server.url}es/`);
  const cached = await workerReady(page);
  assert.deepEqual(cached, { names: [`gpu-book /a/b/ ${version}`], sizes: [files.length] }, "every file of the build is kept");
  await server.close();
  await assert.rejects(fetch(server.url), "the server is gone");

  const pages = pagesOf(files);
  let live = 0;
  for (const path of pages) {
    const response = await page.goto(server.url + path);
    assert.equal(response.status(), 200, path);
    assert.ok(response.fromServiceWorker(), `${path} came from the service worker`);
    // The page's text is the build's: its heading and its length.
    const built = await page.evaluate((html) => {
      const main = new DOMParser().parseFromString(html, "text/html").querySelector("main");
      return { h1: main.querySelector("h1").textContent, length: main.textContent.length };
    }, await readFile(join(DIST, path, "index.html"), "utf8"));
    assert.equal(await page.locator("main h1").first().textContent(), built.h1, path);
    assert.ok(built.length > 200, path);
    await waitForIslands(page);
    live += await page.locator("[data-island][data-live]").count();
  }
  // A page the build does not have: its 404 page, in the address's language.
  const missing = await page.goto(`${server.url}es/no-such-page/`);
  assert.equal(missing.status(), 404);
  assert.equal(await page.locator("html").getAttribute("lang"), "es-419");
  page.failed = page.failed.filter((f) => f !== "404 /a/b/es/no-such-page/");
  page.problems = page.problems.filter((p) => !/status of 404/.test(p));
  // A folder named without its slash goes where a static host sends it.
  assert.equal((await page.goto(`${server.url}es/all-reduce`)).status(), 200);
  assert.equal(page.url(), `${server.url}es/all-reduce/`);

  // Every widget, used. The chapter: the explorer, the calculator, an
  // exercise and the shell.
  await page.goto(`${server.url}en/running-jobs/#checkpoint-interval`);
  await waitForIslands(page);
  await page.locator(".young-daly").getByLabel("GPUs in the job").fill("4096");
  await page.waitForFunction(() => document.querySelector("[data-testid=yd-young]").textContent !== "2.7\u00a0h");
  await page.locator("#fs-assoc-2-shares").fill("3");
  assert.equal(await text(page, "fs-story-b-wait-fair"), "59\u00a0min");
  const exercise = page.locator('[data-exercise="young-by-hand"]');
  await exercise.getByLabel("Your answer").fill("2 h");
  await exercise.getByRole("button", { name: "Check" }).click();
  assert.equal(await exercise.getAttribute("data-state"), "right");
  await type(page.locator("#sh-input"), "sinfo");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("PARTITION AVAIL"));
  // The ring, on its CPU path (no GPU adapter here).
  await page.goto(`${server.url}en/all-reduce/`);
  await waitForIslands(page);
  await page.waitForFunction(() => !document.querySelector("[data-testid=ar-device]").textContent.includes("…"));
  assert.match(await text(page, "ar-device"), /CPU/);
  await page.getByTestId("ar-forward").click();
  assert.match(await text(page, "ar-caption"), /^Step 1 of 14/);
  // A lab, in Spanish: its shell answers and its checklist is there.
  await page.goto(`${server.url}es/the-slow-lane/?lab-seed=3`);
  await waitForIslands(page);
  await type(page.locator("#sh-input"), "sinfo");
  await page.waitForFunction(() => document.querySelector("[data-testid=sh-log]").innerText.includes("PARTITION AVAIL"));
  assert.match(await page.locator(".lab-panel").innerText(), /Objetivos/);

  assert.deepEqual(page.failed, []);
  assert.deepEqual(page.problems, []);
  const langs = new Set(pages.map((p) => p.split("/")[0]));
  console.log(
    `offline: ${pages.length} pages in ${langs.size} languages and the 404 page read with the server stopped, ` +
      `${live} widgets live; used: explorer, calculator, exercise, shell, ring (CPU), lab; ` +
      `precache ${files.length} files; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await context.close();
});

test("where service workers are not allowed the book works as before, from the network", async () => {
  const { context, page } = await recordingPage({ serviceWorkers: "block" });
  await page.goto(`${env.url}en/all-reduce/`);
  await waitForIslands(page);
  assert.ok((await page.locator("[data-island][data-live]").count()) > 0);
  assert.equal(await page.evaluate(() => navigator.serviceWorker?.controller ?? null), null);
  assert.equal(await page.locator(".update-notice").innerHTML(), "", "nothing offered");
  assert.deepEqual(page.failed, []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a host serving another build's file (an upload caught halfway) gets nothing stored, and the book reads from the network", async () => {
  await withCopyOfDist(async (server, dir) => {
    await writeFile(join(dir, "robots.txt"), "User-agent: *\nDisallow: /\n");
    const { context, page } = await recordingPage();
    await page.goto(`${server.url}en/all-reduce/`);
    await waitForIslands(page);
    // Registering again (book.js did, after load) follows this attempt's
    // install to its end: a failed first install leaves no registration.
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register(new URL("../../sw.js", location.href));
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      while (worker.state !== "redundant" && worker.state !== "activated") {
        await new Promise((r) => worker.addEventListener("statechange", r, { once: true }));
      }
      return { state: worker.state, caches: (await caches.keys()).filter((n) => n.startsWith("gpu-book ")) };
    });
    assert.deepEqual(outcome, { state: "redundant", caches: [] }, "the install fails and leaves no cache");
    await page.reload();
    await waitForIslands(page);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
    assert.deepEqual(page.failed, []);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
});

test("each language installs as an app: Chromium finds its manifest complete", async () => {
  // Not in an incognito profile, where Chromium installs nothing: a
  // profile of its own, on disk.
  const profile = await mkdtemp(join(tmpdir(), "gpu-book-profile-"));
  const server = await serve(DIST, { base: "/a/b/" });
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    for (const lang of ["en", "es"]) {
      await page.goto(`${server.url}${lang}/running-jobs/`);
      await workerReady(page);
      const manifest = await cdp.send("Page.getAppManifest");
      assert.deepEqual(manifest.errors, [], lang);
      assert.match(manifest.url, new RegExp(`/a/b/${lang}/manifest.webmanifest$`));
      assert.deepEqual((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, [], lang);
    }
  } finally {
    await context.close();
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("a new build is offered, and applied only when the reader accepts; an open page keeps its own build", async () => {
  await withCopyOfDist(async (server, dir) => {
    const { context, page } = await recordingPage();
    await page.goto(`${server.url}en/`);
    const first = await workerReady(page);
    assert.equal(first.names.length, 1);
    await page.reload();
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), "the worker answers the page");

    // The next build: one page changed, so its worker lists a new digest
    // and a new version.
    const contents = join(dir, "en/index.html");
    const changed = (await readFile(contents, "utf8")).replace("</main>", '<p id="next-build">the next build</p></main>');
    await writeFile(contents, changed);
    const digest = createHash("sha256").update(changed).digest("base64");
    const sw = await readFile(join(dir, "sw.js"), "utf8");
    const next = createHash("sha256").update(sw + digest).digest("hex").slice(0, 16);
    await writeFile(
      join(dir, "sw.js"),
      sw.replace(VERSION, `const VERSION = "${next}";`).replace(/\["en\/index\.html", "[^"]+"\]/, `["en/index.html", "${digest}"]`),
    );

    // Another tab of the old build, open throughout.
    const other = await context.newPage();
    await other.goto(`${server.url}en/all-reduce/`);

    // Reading on: the browser finds the new worker, which installs and waits.
    await page.reload();
    const button = page.getByRole("button", { name: "Reload to read it" });
    await button.waitFor();
    assert.equal(await page.locator(".update-notice p").textContent(), "A new version of this book is ready.");
    assert.equal(await page.locator("#next-build").count(), 0, "not applied before the reader accepts");
    await page.reload();
    assert.equal(await page.locator("#next-build").count(), 0, "a reload alone does not apply it either");
    await button.waitFor();

    await Promise.all([page.waitForEvent("load"), button.click()]);
    await page.locator("#next-build").waitFor();
    const after = await workerReady(page);
    assert.ok(after.names.includes(`gpu-book / ${next}`), after.names.join(", "));
    // The other tab still came from the old build: what it asks for now
    // comes from the old build's cache, its widgets come alive from it,
    // and only its next page is the new build's.
    assert.doesNotMatch(await other.evaluate(() => fetch("../").then((r) => r.text())), /next-build/);
    await waitForIslands(other);
    await other.goto(`${server.url}en/`);
    assert.equal(await other.locator("#next-build").count(), 1);
    assert.deepEqual(page.failed, []);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
});
