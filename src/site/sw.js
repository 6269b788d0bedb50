// The book's service worker: after a first visit, every page of every
// language, the wasm, the styles and whatever else the build wrote are in
// the browser, and the book reads offline. render-book puts this build's
// VERSION and FILES (every file, with the SHA-256 of its bytes) in front
// of this code (src/site/offline.rs).
//
// - Install: fetches every file into a cache of its own, named after the
//   book's address and VERSION, checking each file's digest, so the cache
//   holds exactly this build or nothing (a host caught halfway through an
//   upload fails the install, which is tried again later).
// - An update installs beside the running build and waits: public/book.js
//   offers a reload, and only when the reader accepts does it post
//   "take-over", which activates it.
// - Fetch: answers every GET under the book's address from a cache, never
//   from two builds at once: a page is answered from the newest build, and
//   everything a page asks for from the build that page came from (a page
//   of the old build, still open when the new one took over, lazily loads
//   its old wasm from the old cache, not a 404 or a newer file). `x/` is
//   `x/index.html`; a path the build does not have gets 404.html.
// - Activate: deletes the caches of earlier builds that no open page came
//   from.
"use strict";

const SCOPE = new URL(self.registration.scope);
// Several books (or copies) may share an origin: each keeps to its path.
const PREFIX = `gpu-book ${SCOPE.pathname} `;
const CACHE = PREFIX + VERSION;
// Which build each open page came from: `?client=<id>` -> a cache's name.
const PAGES = `gpu-book-pages ${SCOPE.pathname}`;
const pageBuilds = new Map();

const base64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));

async function keep(cache, [path, digest]) {
  // A folder's index.html is fetched at the folder's own address, as its
  // links name it (some hosts redirect `x/index.html` to `x/`).
  const address = new URL(path.replace(/(^|\/)index\.html$/, "$1"), SCOPE);
  const response = await fetch(address, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const body = await response.arrayBuffer();
  if (base64(await crypto.subtle.digest("SHA-256", body)) !== digest) {
    throw new Error(`${path} is another build's than this worker's`);
  }
  // A fresh response: no redirect or encoding of the host's carried over.
  const headers = { "content-type": response.headers.get("content-type") ?? "" };
  await cache.put(new URL(path, SCOPE), new Response(body, { headers }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        await Promise.all(FILES.map((file) => keep(cache, file)));
      } catch (error) {
        await caches.delete(CACHE);
        throw error;
      }
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

const pageKey = (id) => new URL(`?client=${encodeURIComponent(id)}`, SCOPE);

async function recordPage(id) {
  pageBuilds.set(id, CACHE);
  const pages = await caches.open(PAGES);
  await pages.put(pageKey(id), new Response(CACHE));
}

/** The cache of the build the page `id` came from: this build's if unknown. */
async function buildOf(id) {
  if (!id) return CACHE;
  if (!pageBuilds.has(id)) {
    const record = await (await caches.open(PAGES)).match(pageKey(id));
    pageBuilds.set(id, record ? await record.text() : CACHE);
  }
  return pageBuilds.get(id);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // A newer build installing now has a cache this must not take for
      // an old one: leave the sweep to the next activation.
      if (self.registration.installing) return;
      const open = new Set((await self.clients.matchAll({ type: "window" })).map((c) => c.id));
      const pages = await caches.open(PAGES);
      const used = new Set([CACHE]);
      for (const request of await pages.keys()) {
        const id = new URL(request.url).searchParams.get("client");
        if (open.has(id)) used.add(await (await pages.match(request)).text());
        else await pages.delete(request);
      }
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && !used.has(name)) await caches.delete(name);
      }
    })(),
  );
});

async function answer(event, url) {
  const navigate = event.request.mode === "navigate";
  const name = navigate ? CACHE : await buildOf(event.clientId);
  const found = (await caches.has(name)) ? name : CACHE;
  // Storage cleared under a running worker: the network, as without one.
  if (!(await caches.has(found))) return fetch(event.request);
  const cache = await caches.open(found);
  if (navigate && event.resultingClientId) event.waitUntil(recordPage(event.resultingClientId));
  let path = url.pathname;
  if (path.endsWith("/")) path += "index.html";
  const file = await cache.match(url.origin + path);
  if (file) return file;
  // A folder named without its slash: where a static host sends it.
  if (await cache.match(`${url.origin}${path}/index.html`)) {
    return Response.redirect(`${url.origin}${path}/${url.search}`, 301);
  }
  const missing = await cache.match(new URL("404.html", SCOPE));
  if (!missing) return fetch(event.request);
  return new Response(missing.body, { status: 404, statusText: "Not Found", headers: missing.headers });
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) {
    return;
  }
  event.respondWith(answer(event, url));
});
