import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserServer, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const artifactsDir = join(import.meta.dirname, 'artifacts');

/**
 * Debian's headless Chromium (package chromium-headless-shell, or CHROMIUM_PATH): the browser
 * Playwright itself runs headless journeys in. It draws pages as Chromium does, without the
 * desktop browser's windowing, and costs about a third less time per journey on CI's two cores
 * (decision 0314). Throws a plain message when it is not installed.
 */
export function chromiumPath(): string {
  return installed(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    'chromium-headless-shell',
  );
}

/**
 * Debian's desktop Chromium (package chromium, or CHROMIUM_DESKTOP_PATH), for a journey that needs
 * what only the desktop browser has: its PDF viewer (the headless shell says
 * navigator.pdfViewerEnabled === false, as Chrome on Android does).
 */
export function desktopChromiumPath(): string {
  return installed(process.env.CHROMIUM_DESKTOP_PATH ?? '/usr/bin/chromium', 'chromium');
}

function installed(path: string, debianPackage: string): string {
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install it with \`apt-get install -y ${debianPackage}\`, or set ${
        debianPackage === 'chromium' ? 'CHROMIUM_DESKTOP_PATH' : 'CHROMIUM_PATH'
      }.`,
    );
  }
  return path;
}

// This machine's network is closed: background services would only fail noisily.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The one Chromium of a run, started by the global setup: each journey file connects to it
 * rather than launching its own (a launch and its first page cost about two seconds on a busy
 * two-core machine). Contexts stay apart; closing the connection closes the file's contexts.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}

/** This file's connection to the run's Chromium (downloads are read with saveAs: path() is local only). */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** A desktop Chromium of this file's own, closed with the browser (see desktopChromiumPath). */
export function launchDesktopBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: desktopChromiumPath(), headless: true, args: chromiumArgs });
}

/** Saves a full-page screenshot as a test artifact (e2e/artifacts/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  // The whole page for whoever looks at the journeys; in CI ("CI=true", nobody looks) what the
  // window shows, which costs a fraction of a tall page's (decision 0310, addendum).
  await page.screenshot({ path, fullPage: process.env.CI !== 'true' });
  return path;
}
