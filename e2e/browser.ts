import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserServer, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const artifactsDir = join(import.meta.dirname, 'artifacts');

/** Debian's Chromium (or CHROMIUM_PATH). Throws a plain message when none is installed. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  return path;
}

/**
 * The one Chromium of a run, started by the global setup: each journey file connects to it
 * rather than launching its own (a launch and its first page cost about two seconds on a busy
 * two-core machine). Contexts stay apart; closing the connection closes the file's contexts.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: chromiumPath(),
    headless: true,
    // This machine's network is closed: background services would only fail noisily.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** This file's connection to the run's Chromium (downloads are read with saveAs: path() is local only). */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
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
