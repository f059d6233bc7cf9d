import { type Browser, chromium } from 'playwright-core';

/** The flags that keep Chromium's own background traffic (updates, sync, QUIC probes) off the network. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Starts headless Chromium from the system (Debian's, or the one `CHROMIUM_PATH` names): playwright-core brings no
 * browser of its own, and none can be downloaded here.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}
