// The static site's service worker (companion/tools/static_site.py writes it with the
// site's files): after one visit the app opens with no network at all.
// - Every file of the site is kept under its content's hash ("?v=" in the cache's key):
//   a new build names new hashes, and only the files whose hash changed are downloaded
//   again; the rest stay. A file is kept the first time the page or the Python worker
//   fetches it (Flutter's loader waits for this worker before it loads the client, so
//   every fetch passes here), and a new build fetches the new version of each file this
//   phone had kept, before it takes over.
// - Any page of the site is index.html (the app's routes are in the address's #).
// - The page, which names its build, is asked of the host first (for FRESH_SECONDS at
//   most), so that a newer build on the host is taken at the next visit: Flutter's loader
//   registers that build's worker and waits for it before it loads the client. Out of
//   reach, the kept one.
// - The fonts Flutter asks for when a character is missing from the app's own: the
//   app's Japanese font for Chinese, Japanese and Korean, as the server answers them.
"use strict";
const FILES = __FILES__;  // path under the site -> the hash of its content
const SHELL = __SHELL__;  // fetched by the page before this worker was there
const CJK_FONT = __CJK_FONT__;
const CACHE = "table-companion-site";
const BASE = self.registration.scope;  // the site's folder, ending in "/"
const CJK_FALLBACK = /\/notosans(sc|tc|hk|jp|kr)\//;
const FRESH = "index.html";
const FRESH_SECONDS = 3;

function keyOf(path) {
  return BASE + path + "?v=" + FILES[path];
}

function pathOf(url) {
  if (!url.startsWith(BASE)) return null;
  const path = decodeURIComponent(new URL(url).pathname.slice(new URL(BASE).pathname.length));
  return path === "" ? "index.html" : path;
}

async function fetchAndKeep(cache, path) {
  // "no-cache": a host's caching headers must not hand back an older build's file.
  const response = await fetch(BASE + path, { cache: "no-cache" });
  if (response.status === 200) await cache.put(keyOf(path), response.clone());
  return response;
}

// A new build: the shell, and the new version of every file this phone had kept.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const kept = new Set((await cache.keys()).map((request) => pathOf(request.url.split("?")[0])));
    const wanted = [...new Set([...SHELL, ...kept])].filter((path) => path in FILES);
    for (const path of wanted) {
      if (!(await cache.match(keyOf(path)))) await fetchAndKeep(cache, path);
    }
    await self.skipWaiting();
  })());
});

// The older builds' files go once this one is in charge.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const current = new Set(Object.keys(FILES).map(keyOf));
    for (const request of await cache.keys()) {
      if (!current.has(request.url)) await cache.delete(request);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  let path = request.mode === "navigate" ? "index.html" : pathOf(request.url);
  if (path !== null && !(path in FILES) && CJK_FALLBACK.test(path)) path = CJK_FONT;
  if (path === null || !(path in FILES)) return;  // not this site's: the network's
  if (path === FRESH) {
    event.respondWith(freshOrKept(path));
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(keyOf(path))) || fetchAndKeep(cache, path);
  })());
});

async function freshOrKept(path) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), FRESH_SECONDS * 1000);
  try {
    const response = await fetch(BASE + path, { cache: "no-cache", signal: stop.signal });
    if (response.status === 200) return response;
  } catch (err) {
    // out of reach, or too slow: the kept one
  } finally {
    clearTimeout(timer);
  }
  const cache = await caches.open(CACHE);
  return (await cache.match(keyOf(path))) || fetch(BASE + path);
}
