import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLocale, startRootActors } from './app/actors.ts';
import { App } from './app/App.tsx';
import { registerServiceWorker } from './app/serviceWorker.ts';
import './styles/app.css';

// On `/`, the locale cookie or the browser's languages may send us to `/fr` or `/ar`.
if (initialLocale.redirect) history.replaceState(history.state, '', initialLocale.redirect);
startRootActors();
registerServiceWorker();
if (__DEV__) void import('./app/devReload.ts').then((m) => m.connectDevReload());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
