// Makes sure the browser tests have a Chromium, installing one where it can:
// CHROMIUM_PATH, Debian's chromium-headless-shell or chromium, Playwright's own browser
// (downloaded where that works), then Debian's headless shell package when running as root. Says so in one line when none.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium.mjs';

function playwrightBrowser() {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function found() {
  const path = chromiumPath() ?? playwrightBrowser();
  return path && existsSync(path) ? path : undefined;
}

if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
  process.exit(1);
}
if (!found()) {
  console.log('No Chromium found; trying `npx playwright install chromium`.');
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', timeout: 300_000 });
}
if (!found() && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log("Trying Debian's chromium package.");
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', { stdio: 'inherit' });
  } catch {
    // reported below
  }
}
if (!found()) {
  console.error('No Chromium for the browser tests: set CHROMIUM_PATH, install Debian\'s chromium, or run `npx playwright install chromium`.');
  process.exit(1);
}
