/**
 * Production builds register the service worker at `/sw.js` (app shell and hashed assets
 * cached, API responses never). Dev builds never do, and unregister a worker left by a
 * production build on the same origin so it cannot serve stale assets during development.
 * A new build's worker activates as soon as it is installed; the page keeps running the
 * code it loaded and gets the new version on the next reload (a chunk of the old build
 * that is gone is handled by the navigation machine's chunk-reload).
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  if (__DEV__) {
    container
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
      .catch(() => undefined);
    return;
  }
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  };
  // Registering after load keeps the precache downloads off the first page load.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
