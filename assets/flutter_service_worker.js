// Table Companion's service worker (issue 15, part 7), in place of flet_web's, which
// only unregisters itself: after a first visit the phone can open the app while the
// table's server is briefly out of reach (the page then says it is reconnecting).
// - /v/<digest>/…: this version's client files, never changed: from the cache first.
// - the page and everything else: from the server, or from the cache when it cannot be
//   reached; every route is the same page, kept once. A new page names a new digest:
//   the older versions' files are dropped then.
"use strict";
const CACHE = "table-companion";
const PAGE = "/";
const PAGE_SECONDS = 4;  // a server that does not answer in this long is out of reach

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin ||
      request.headers.has("range")) {
    return;
  }
  if (url.pathname.startsWith("/v/")) {
    event.respondWith(cacheFirst(request, event));
  } else {
    event.respondWith(networkFirst(request, event));
  }
});

// The page's first visit fetched its files before this worker was there: it names
// them once its first screen is drawn, and they are kept (from the browser's own cache,
// where they have just come), with the page itself.
self.addEventListener("message", (event) => {
  const keep = event.data && event.data.keep;
  if (Array.isArray(keep)) event.waitUntil(keepFiles(keep));
});

async function keepFiles(paths) {
  const cache = await caches.open(CACHE);
  for (const path of [PAGE, ...paths]) {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    if (path !== PAGE && await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (response.status !== 200) continue;
      if (path === PAGE) await dropOlderVersions(cache, response.clone());
      await cache.put(path === PAGE ? PAGE : url.href, response);
    } catch (err) {
      // out of reach now: kept the next time it is fetched
    }
  }
}

// What is fetched is kept in the background: the page gets the response as it arrives
// (the first visit's client streams into the browser instead of waiting to be stored).
async function cacheFirst(request, event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) event.waitUntil(cache.put(request, response.clone()));
  return response;
}

async function networkFirst(request, event) {
  const cache = await caches.open(CACHE);
  const page = request.mode === "navigate";
  const key = page ? PAGE : request;
  try {
    const response = await fetchWithin(request, page ? PAGE_SECONDS : 0);
    if (response.status === 200) {
      event.waitUntil(cache.put(key, response.clone()));
      if (page) event.waitUntil(dropOlderVersions(cache, response.clone()));
    }
    return response;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw err;
  }
}

function fetchWithin(request, seconds) {
  if (!seconds) return fetch(request);
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), seconds * 1000);
  return fetch(request, { signal: stop.signal }).finally(() => clearTimeout(timer));
}

async function dropOlderVersions(cache, response) {
  const found = /\/v\/([0-9a-f]+)\//.exec(await response.text());
  if (!found) return;
  const current = `/v/${found[1]}/`;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/v/") && !path.startsWith(current)) await cache.delete(request);
  }
}
