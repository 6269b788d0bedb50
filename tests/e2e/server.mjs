// A plain static file server for the built book, as the simplest static
// host would be: files and folders' index.html only, no single-page-app
// fallback, folders without a trailing slash redirected to one, and the
// site's 404.html (with status 404) for anything missing, as GitHub Pages,
// Netlify and Cloudflare Pages do. Serves `dist` under a base path; with
// `--gzip`, compresses what it sends as those hosts do (the page-speed
// measurements use it: tests/e2e/lighthouse.mjs).
//
//   node tests/e2e/server.mjs [dist] [--base /course/] [--port 8080] [--gzip]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function isDir(path) {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Starts the server; resolves to { url, close }. */
export async function serve(dist, { base = "/", port = 0, gzip = false } = {}) {
  // Answers with `body`, gzipped when asked to and the browser accepts it.
  const send = (req, res, status, type, body) => {
    const headers = { "content-type": type };
    if (gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      body = gzipSync(body, { level: 6 });
      headers["content-encoding"] = "gzip";
      headers.vary = "accept-encoding";
    }
    res.writeHead(status, headers).end(body);
  };
  const root = resolve(dist);
  const prefix = base.endsWith("/") ? base : `${base}/`;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    let path = decodeURIComponent(url.pathname);
    if (path === prefix.slice(0, -1)) path = prefix;
    if (!path.startsWith(prefix)) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not under the base path\n");
      return;
    }
    const rel = normalize(path.slice(prefix.length)).replace(/^(\.\.[/\\])+/, "");
    let file = join(root, rel);
    if (!path.endsWith("/") && (await isDir(file))) {
      res.writeHead(301, { location: `${path}/${url.search}` }).end();
      return;
    }
    if (path.endsWith("/")) file = join(file, "index.html");
    if (await isFile(file)) {
      const body = await readFile(file);
      send(req, res, 200, TYPES[extname(file)] ?? "application/octet-stream", body);
      return;
    }
    const notFound = join(root, "404.html");
    if (await isFile(notFound)) {
      send(req, res, 404, TYPES[".html"], await readFile(notFound));
    } else {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    }
  });
  await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}${prefix}`,
    // Stops at once, open connections too: a browser's kept-alive
    // connection must not go on being answered (the offline test stops
    // the server to prove the book reads without it).
    close: () =>
      new Promise((ok) => {
        server.close(ok);
        server.closeAllConnections();
      }),
  };
}

/** Takes `name VALUE` out of the command line `args`: VALUE, or `fallback`. */
export function takeOption(args, name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const base = takeOption(args, "--base", "/");
  const port = Number(takeOption(args, "--port", "8080"));
  const gzip = args.includes("--gzip");
  const dist = args.filter((a) => a !== "--gzip")[0] ?? "dist";
  const { url } = await serve(dist, { base, port, gzip });
  console.log(`serving ${dist} at ${url} (no single-page-app fallback${gzip ? ", gzip" : ""})`);
}
