import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, it } from 'node:test';
import { createActor } from 'xstate';
import {
  DIRECTION,
  INTL_LOCALE,
  LOCALES,
  detectLocale,
  isLocale,
  loadCatalogue,
  localeCookie,
  localeFromPath,
  localeMachine,
  localizedPath,
  pickBrowserLocale,
  readLocaleCookie,
  withEnglishFallback,
} from './locale.ts';

describe('locale helpers', () => {
  it('accepts only en, fr and ar', () => {
    assert.deepEqual([...LOCALES], ['en', 'fr', 'ar']);
    for (const ok of LOCALES) assert.equal(isLocale(ok), true);
    for (const bad of ['de', 'EN', 'fr-FR', '', null, undefined, 1, {}]) assert.equal(isLocale(bad), false, String(bad));
  });

  it('maps locales to BCP 47 tags and directions', () => {
    assert.deepEqual(INTL_LOCALE, { en: 'en-US', fr: 'fr-FR', ar: 'ar-DZ' });
    assert.deepEqual(DIRECTION, { en: 'ltr', fr: 'ltr', ar: 'rtl' });
  });

  it('reads the locale prefix of a path', () => {
    assert.deepEqual(localeFromPath('/fr/booking/manage'), { locale: 'fr', rest: '/booking/manage' });
    assert.deepEqual(localeFromPath('/ar'), { locale: 'ar', rest: '/' });
    assert.deepEqual(localeFromPath('/ar/'), { locale: 'ar', rest: '/' });
    assert.deepEqual(localeFromPath('/'), { locale: 'en', rest: '/' });
    assert.deepEqual(localeFromPath(''), { locale: 'en', rest: '/' });
    assert.deepEqual(localeFromPath('/frx'), { locale: 'en', rest: '/frx' });
    assert.deepEqual(localeFromPath('/booking/fr'), { locale: 'en', rest: '/booking/fr' });
    assert.deepEqual(localeFromPath('/en/home'), { locale: 'en', rest: '/en/home' }, 'English has no prefix');
  });

  it('builds localised paths, English without a prefix', () => {
    assert.equal(localizedPath('fr', '/'), '/fr');
    assert.equal(localizedPath('ar', '/booking/manage'), '/ar/booking/manage');
    assert.equal(localizedPath('en', '/booking/manage'), '/booking/manage');
    assert.equal(localizedPath('en', '/'), '/');
    assert.equal(localizedPath('fr', 'home'), '/fr/home');
    for (const locale of LOCALES) {
      for (const rest of ['/', '/home', '/customers/42']) assert.deepEqual(localeFromPath(localizedPath(locale, rest)), { locale, rest });
    }
  });

  it('picks the first supported browser language by primary subtag', () => {
    assert.equal(pickBrowserLocale(['de-DE', 'ar-DZ', 'fr']), 'ar');
    assert.equal(pickBrowserLocale(['FR-ca', 'en']), 'fr');
    assert.equal(pickBrowserLocale(['es', 'de']), 'en');
    assert.equal(pickBrowserLocale([]), 'en');
  });

  it('reads the i18n_redirected cookie', () => {
    assert.equal(readLocaleCookie('i18n_redirected=fr'), 'fr');
    assert.equal(readLocaleCookie('a=1; i18n_redirected=ar; b=2'), 'ar');
    assert.equal(readLocaleCookie('x_i18n_redirected=fr'), null);
    assert.equal(readLocaleCookie('i18n_redirected=de'), null);
    assert.equal(readLocaleCookie('i18n_redirected=%E0%A4%A'), null);
    assert.equal(readLocaleCookie(''), null);
  });

  it('writes the cookie for a year, site-wide, SameSite=Lax', () => {
    assert.equal(localeCookie('ar'), 'i18n_redirected=ar; max-age=31536000; path=/; SameSite=Lax');
    assert.equal(readLocaleCookie(localeCookie('fr').split(';')[0]!), 'fr');
  });

  it('detects the starting locale: prefix, then on / the cookie, then the browser', () => {
    assert.deepEqual(detectLocale({ pathname: '/fr/home', cookie: 'i18n_redirected=ar', languages: ['en'] }), { locale: 'fr', redirect: null });
    assert.deepEqual(detectLocale({ pathname: '/home', cookie: 'i18n_redirected=ar', languages: ['fr'] }), { locale: 'en', redirect: null });
    assert.deepEqual(detectLocale({ pathname: '/', cookie: 'i18n_redirected=ar', languages: ['fr'] }), { locale: 'ar', redirect: '/ar' });
    assert.deepEqual(detectLocale({ pathname: '/', cookie: 'i18n_redirected=en', languages: ['fr'] }), { locale: 'en', redirect: null });
    assert.deepEqual(detectLocale({ pathname: '/', cookie: '', languages: ['fr-FR', 'en'] }), { locale: 'fr', redirect: '/fr' });
    assert.deepEqual(detectLocale({ pathname: '/', cookie: '', languages: ['de'] }), { locale: 'en', redirect: null });
  });

  it('loads each catalogue, English from the bundle', async () => {
    assert.deepEqual(await loadCatalogue('en'), JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')));
    for (const locale of ['fr', 'ar'] as const) {
      const file = new URL(`../locales/${locale}.json`, import.meta.url);
      if (!existsSync(file)) continue;
      assert.deepEqual(await loadCatalogue(locale), JSON.parse(readFileSync(file, 'utf8')), locale);
    }
  });

  it('falls back to English for missing keys', () => {
    const messages = withEnglishFallback({ 'only.here': 'ici' });
    assert.equal(messages['only.here'], 'ici');
    assert.equal(messages['app.name'], 'Rihla', 'English keys are present');
  });
});

describe('locale default side effects', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'document');
  afterEach(() => {
    if (saved) Object.defineProperty(globalThis, 'document', saved);
    else delete (globalThis as { document?: unknown }).document;
  });

  it('write the cookie and <html lang dir> of the active locale', () => {
    const html = { lang: 'en', dir: 'ltr' };
    const fake = { documentElement: html, cookie: '' };
    Object.defineProperty(globalThis, 'document', { value: fake, configurable: true, writable: true });
    const actor = createActor(localeMachine, { input: { locale: 'ar', messages: { 'app.name': 'رحلة' } } }).start();
    assert.equal(actor.getSnapshot().value, 'ready');
    assert.deepEqual(html, { lang: 'ar-DZ', dir: 'rtl' });
    assert.equal(fake.cookie, 'i18n_redirected=ar; max-age=31536000; path=/; SameSite=Lax');
    actor.send({ type: 'locale.set', locale: 'en' });
    assert.deepEqual(html, { lang: 'en-US', dir: 'ltr' });
    assert.match(fake.cookie, /^i18n_redirected=en;/);
    actor.stop();
  });

  it('load the bundled catalogues', async () => {
    const actor = createActor(
      localeMachine.provide({ actions: { applyDocumentLocale: () => undefined, persistLocaleCookie: () => undefined } }),
      { input: { locale: 'en' } },
    ).start();
    actor.send({ type: 'locale.set', locale: 'fr' });
    assert.equal(actor.getSnapshot().value, 'loading');
    await new Promise<void>((resolve) => {
      const sub = actor.subscribe((s) => {
        if (!s.matches('loading')) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    const snapshot = actor.getSnapshot();
    const file = new URL('../locales/fr.json', import.meta.url);
    if (existsSync(file)) {
      const fr = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      assert.equal(snapshot.value, 'ready');
      assert.equal(snapshot.context.locale, 'fr');
      for (const [key, text] of Object.entries(fr)) assert.equal(snapshot.context.messages[key], text, key);
    } else {
      assert.equal(snapshot.value, 'failed');
      assert.equal(snapshot.context.locale, 'en');
    }
    actor.stop();
  });
});
