// @vitest-environment happy-dom
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { specOperations } from '../specOperations.js';
import { missingRequired, successSchema } from '../test/responseShape.js';
import { samplesDir } from '../test/runSample.js';
import { codeSamplesOf } from './codeSamples.js';

const spec = createRequire(import.meta.url)('@inference-infra/spec/openapi.json');
const operations = specOperations(spec);
const samples = operations.flatMap((operation) =>
  codeSamplesOf(operation)
    .filter((sample) => sample.kind === 'react-hook')
    .map((sample) => ({ operation, sample, name: `${operation.operationId}: ${sample.label}` })),
);

/** Polls until `read` returns a value, as a reader waits for the page to show the answer. */
async function waitFor<T>(read: () => T | null | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alert = document.querySelector('[role="alert"]');
    if (alert) throw new Error(`The sample showed an error while waiting for ${what}: ${alert.textContent}`);
    const value = read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${document.body.innerHTML}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the page sent: each request's address and its Authorization header, if it had one. */
const sent: Array<{ url: string; authorization: string | null }> = [];

/** The headers a fetch call sends: the Request's, then those of `init`, which win, as fetch merges them. */
function sentHeaders(input: RequestInfo | URL, init?: RequestInit): Headers {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  for (const [name, value] of new Headers(init?.headers)) headers.set(name, value);
  return headers;
}

/**
 * Each hook sample is written to test-artifacts/samples/ as the .tsx module it is, imported into happy-dom, and used
 * as a reader would: its button pressed when it has one, its answer read from what it renders. The page is at the
 * origin of the app server in front of the simulator (src/test/globalSetup.ts), so the sample's `location.origin`
 * addresses that server's key-adding route and the sample runs unchanged; happy-dom's fetch makes real HTTP requests.
 */
describe('the React hook samples, rendered with react-dom into happy-dom', () => {
  beforeAll(() => {
    // happy-dom's own API: the page's address, which `location.origin` reads.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `${inject('hookPageOrigin')}/`,
    );
    // Installed before any sample is imported: a client takes the global fetch when it is created.
    const pageFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      sent.push({ url, authorization: sentHeaders(input, init).get('authorization') });
      return pageFetch(input, init);
    };
  });

  beforeEach(() => {
    sent.length = 0;
  });

  it.each(samples)('$name', async ({ operation, sample }) => {
    const file = `${samplesDir}${operation.operationId}-react-hook${sample.request.streamed ? '-stream' : ''}.tsx`;
    await mkdir(samplesDir, { recursive: true });
    // As shown: its addresses are the page's own origin, which the page here has.
    await writeFile(file, sample.source);
    document.body.innerHTML = '<div id="root"></div>';

    await import(/* @vite-ignore */ file);
    // Rendered: then a mutation or stream sample has its Send button, a query sample is already asking.
    await waitFor(() => document.querySelector('#root')?.firstElementChild, 'the first render');
    document.querySelector<HTMLButtonElement>('#root button')?.click();

    if (sample.request.streamed) {
      const output = await waitFor(() => {
        const element = document.querySelector('#root output');
        return element?.getAttribute('aria-busy') === 'false' && element.textContent ? element : null;
      }, 'the streamed answer to end');
      expect(output.textContent?.trim().length).toBeGreaterThan(0);
    } else {
      const shown = await waitFor(() => {
        const text = document.querySelector('#root pre')?.textContent;
        return text?.startsWith('{') ? text : null;
      }, 'the answer');
      const schema = successSchema(spec, operation.path, operation.method, 'application/json');
      expect(missingRequired(spec, schema, JSON.parse(shown))).toEqual([]);
    }
    // The simulator answers nothing without a key: the answer above came through the route, which added it.
    expect(sent.length, 'requests the page sent').toBeGreaterThan(0);
    expect(sent.filter(({ url }) => !url.startsWith(`${inject('hookPageOrigin')}/`))).toEqual([]);
    expect(sent.filter((request) => request.authorization !== null)).toEqual([]);
  });
});
