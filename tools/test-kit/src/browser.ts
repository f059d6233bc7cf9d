import { type Browser, type BrowserServer, chromium } from 'playwright-core';

/**
 * The flags that keep Chromium's own background traffic (updates, sync, QUIC probes) off the network, and V8 without
 * its compilers (`--jitless`): a test page runs its scripts for seconds, and compiling them cost more CPU than it saved.
 * Measured on the docs site's suite (the Scalar reference, the heaviest page here): Chromium 110-116 CPU-s with the JIT,
 * 91-92 without, its wall time a little shorter too; the playground's suite 32.6 -> 26.2. Every script runs as before,
 * only interpreted; WebAssembly is off with it, and no page of ours uses any.
 */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--js-flags=--jitless',
];

/**
 * The WebSocket address of a Chromium that a whole run shares (`pnpm check` starts one, see `launchChromiumServer`).
 * Each start of Chromium with its zygote and helper processes costs about 2.5 s of CPU, and the suite's browser tests
 * start it some forty times; a connection costs a few milliseconds. Each test still gets pages and contexts of its own.
 */
export const sharedChromiumVariable = 'INFERENCE_INFRA_CHROMIUM_ENDPOINT';

const executablePath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let warnedOnce = false;

/**
 * Headless Chromium from the system (Debian's, or the one `CHROMIUM_PATH` names): playwright-core brings no browser
 * of its own, and none can be downloaded here. Where the run shares one (`INFERENCE_INFRA_CHROMIUM_ENDPOINT`), a
 * connection to it: `close()` then closes this caller's contexts and disconnects, leaving the browser to the others.
 * A shared browser that does not answer is said once on stderr and a browser of the caller's own is started instead,
 * so a crashed shared one costs time, never a test.
 */
export async function launchChromium(): Promise<Browser> {
  const shared = process.env[sharedChromiumVariable];
  if (shared) {
    try {
      return await chromium.connect(shared, { timeout: 30_000 });
    } catch (error) {
      if (!warnedOnce) {
        warnedOnce = true;
        process.stderr.write(
          `test-kit: the shared Chromium at ${sharedChromiumVariable} did not answer (${(error as Error).message.split('\n')[0]}); starting one of this process's own\n`,
        );
      }
    }
  }
  return chromium.launch({ executablePath: executablePath(), args: chromiumArgs });
}

/**
 * One Chromium for many processes, listening on a random port of 127.0.0.1 only: put its `wsEndpoint()` in
 * `INFERENCE_INFRA_CHROMIUM_ENDPOINT` of their environment and `launchChromium` connects to it.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: executablePath(), args: chromiumArgs, host: '127.0.0.1' });
}
