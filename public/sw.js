// Placeholder service worker: the build replaces __BUILD_ID__ and __PRECACHE__.
const BUILD_ID = '__BUILD_ID__';
const PRECACHE = __PRECACHE__;
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
void BUILD_ID; void PRECACHE;
