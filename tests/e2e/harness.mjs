// Shared set-up of the end-to-end tests: the built dist/ served under
// /course/ (or $E2E_BASE) by a plain static server, and Debian's Chromium driven by
// Playwright with the flags this closed network needs (Playwright gives
// every launch a fresh, empty profile of its own).
import { after, before } from "node:test";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium.mjs";
import { serve } from "./server.mjs";

export const BASE = process.env.E2E_BASE ?? "/course/";
export const DIST = resolve(import.meta.dirname, "../../dist");

export const env = { url: "", browser: null };

before(async () => {
  const server = await serve(DIST, { base: BASE });
  env.url = server.url;
  env.close = server.close;
  env.browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
});

after(async () => {
  await env.browser?.close();
  await env.close?.();
});

/**
 * A fresh browser context and page that records console errors and
 * uncaught exceptions (`page.problems`).
 */
export async function openPage(options = {}) {
  const context = await env.browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 }, ...options });
  // Every page carries a Content-Security-Policy: a violation is a problem.
  await context.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content-Security-Policy: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} ${e.sample}`),
    ),
  );
  const page = await context.newPage();
  page.problems = [];
  page.on("console", (m) => {
    if (m.type() === "error") page.problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => page.problems.push(`exception: ${e.message}`));
  return { context, page };
}

let gpuBrowser = null;
after(async () => gpuBrowser?.close());

/**
 * A fresh page in a second Chromium started with WebGPU on
 * (SwiftShader's adapter, as headless Chromium has no GPU), recording
 * console errors and exceptions as {@link openPage} does.
 */
export async function openGpuPage() {
  gpuBrowser ??= await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, "--enable-unsafe-webgpu"],
  });
  const context = await gpuBrowser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.problems = [];
  page.on("console", (m) => m.type() === "error" && page.problems.push(m.text()));
  page.on("pageerror", (e) => page.problems.push(e.message));
  return { context, page };
}

/**
 * {@link openPage}, recording besides every request that failed and every
 * response of 400 or more (`page.failed`, as "404 /course/x/"). A request
 * the page dropped as it left (`net::ERR_ABORTED`: the language chooser
 * moves on before its icon has loaded) is no failure.
 */
export async function recordingPage(options = {}) {
  const opened = await openPage(options);
  const { page } = opened;
  page.failed = [];
  page.on("requestfailed", (r) => {
    const why = r.failure()?.errorText;
    if (why !== "net::ERR_ABORTED") page.failed.push(`failed ${new URL(r.url()).pathname}: ${why}`);
  });
  page.on("response", (r) => r.status() >= 400 && page.failed.push(`${r.status()} ${new URL(r.url()).pathname}`));
  return opened;
}

/**
 * Holds back the page's requests for `pattern` (the wasm modules, by
 * default) until the returned function is called: the reader acts on the
 * widgets' first state before they come alive.
 */
export async function holdBack(page, pattern = "**/*.wasm") {
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Loads a path of the book and waits until its widgets are live (the text
 * is there from the first response; the wasm mounts each widget in place
 * of its first state as it comes near the viewport, and marks it
 * `data-live`).
 */
export async function visit(page, path) {
  const response = await page.goto(env.url + path);
  await waitForIslands(page);
  return response;
}

/**
 * Brings every widget of the page to life: scrolls to each one still in
 * its first state, waits until it is live, and scrolls back to where the
 * page was (the address's `#section`, if it has one). Smooth scrolling is
 * off meanwhile (a fragment's smooth scroll could carry the page away from
 * a widget before it is seen); a widget that does not come alive within
 * 20 s fails the test with its name.
 */
export async function waitForIslands(page) {
  await page.waitForLoadState("load");
  await page.waitForSelector("main h1");
  const stuck = await page.evaluate(async () => {
    const root = document.documentElement;
    root.style.scrollBehavior = "auto";
    const y = window.scrollY;
    const id = decodeURIComponent(location.hash.slice(1));
    const section = id ? document.getElementById(id) : null;
    for (const island of document.querySelectorAll("[data-island]:not([data-live])")) {
      const live = await new Promise((resolve) => {
        let polls = 0;
        const poll = setInterval(() => {
          polls += 1;
          const done = island.hasAttribute("data-live");
          if (done || polls > 1000) {
            clearInterval(poll);
            resolve(done);
          } else if (polls % 10 === 1) {
            // Into view again every 200 ms, in case something scrolled away.
            island.scrollIntoView({ block: "center" });
          }
        }, 20);
      });
      if (!live) return island.getAttribute("data-island");
    }
    if (section) section.scrollIntoView();
    else window.scrollTo(0, y);
    root.style.scrollBehavior = "";
    return null;
  });
  if (stuck) throw new Error(`the ${stuck} widget did not come alive`);
}

/** Waits until the element with `id` is at the top of the viewport. */
export async function waitForSectionInView(page, id) {
  await page.waitForFunction((id) => {
    const el = document.getElementById(id);
    if (!el) return false;
    const top = el.getBoundingClientRect().top;
    return top >= 0 && top < 140;
  }, id);
}

/**
 * Types each of `values` into the input `selector` and times, in the page,
 * how long until `target` changes (the widget's recompute and redraw).
 * Returns one time in milliseconds per value.
 */
export function measureRedraws(page, selector, target, values) {
  return page.evaluate(
    async ([selector, target, values]) => {
      const input = document.querySelector(selector);
      const watched = document.querySelector(target);
      const times = [];
      for (const value of values) {
        const changed = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(watched, { childList: true, subtree: true });
        });
        const start = performance.now();
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await changed;
        times.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 0));
      }
      return times;
    },
    [selector, target, values],
  );
}

/** "median x ms, p95 y ms" of a list of times. */
export function stats(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms`;
}

/** The note over a widget's results while its input is invalid. */
export const STALE_NOTE = {
  en: "These results are from the last valid input; fix the field marked above.",
  es: "Estos resultados son de la última entrada válida; corrige el campo marcado arriba.",
};

/**
 * The results block `id` as the reader meets it before, while and after
 * the field `field` holds `bad` then `good`: whether it is marked stale,
 * its note and whether it is dimmed, each time.
 */
export async function staleCycle(page, id, field, bad, good) {
  const states = [await staleState(page, id)];
  for (const text of [bad, good]) {
    await page.locator(field).fill(text);
    states.push(await staleState(page, id));
  }
  return states;
}

/** The expected {@link staleCycle} in `lang`. */
export const staleCycleIn = (lang) => {
  const fresh = { stale: false, note: "", dimmed: false };
  return [fresh, { stale: true, note: STALE_NOTE[lang], dimmed: true }, fresh];
};

function staleState(page, id) {
  return page.getByTestId(id).evaluate((block) => ({
    stale: block.classList.contains("stale"),
    note: block.querySelector(".stale-note").textContent,
    dimmed: Number(getComputedStyle(block.querySelector(".results-body")).opacity) < 0.6,
  }));
}
