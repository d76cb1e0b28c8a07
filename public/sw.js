// The Rihla service worker. The build writes it to dist/sw.js with this build's id and
// the list of files to precache filled in below (the placeholders appear only there).
//
// - install:  precache the app shell ('/') and every hashed asset of this build;
// - activate: delete the caches of older builds and take over open pages;
// - fetch:    navigations go to the network first and fall back to the cached shell, so
//             the app opens offline after one visit; /assets/ are cache-first (their
//             names change with their content); the API (/branch/api/) and anything
//             that is not a same-origin GET is left to the browser, never cached.
'use strict';

const BUILD_ID = '__BUILD_ID__';
const PRECACHE = __PRECACHE__;
const CACHE_PREFIX = 'rihla-';
const CACHE_NAME = CACHE_PREFIX + BUILD_ID;
const SHELL_URL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      // 'reload' skips the HTTP cache, so the shell stored is this build's.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isApi(url) {
  return url.pathname === '/branch/api' || url.pathname.startsWith('/branch/api/');
}

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { cacheName: CACHE_NAME });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The public pages of payment links (/pay/...) and invitations (/set-password/...) are not the app: never its offline shell.
  if (url.origin !== self.location.origin || isApi(url) || url.pathname.startsWith('/pay/') || /^\/(?:fr\/|ar\/)?set-password\//.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  }
});
