// @vitest-environment happy-dom
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import { specOperations } from '../specOperations.js';
import { missingRequired, successSchema } from '../test/responseShape.js';
import { pointSampleAt, samplesDir } from '../test/runSample.js';
import { codeSamplesOf } from './codeSamples.js';
import { browserKeyPlaceholder } from './reactHookSample.js';

const spec = createRequire(import.meta.url)('@inference-infra/spec/openapi.json');
const operations = specOperations(spec);
const mockAddresses = new Map(
  operations.map((operation) => [
    operation.serverDefault,
    operation.serverVariable === 'base_url' ? inject('mockBaseUrl') : inject('mockPlatformUrl'),
  ]),
);
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

let runs = 0;

/**
 * Each hook sample is written to test-artifacts/samples/ as the .tsx module it is, imported into happy-dom (a page
 * at http://localhost:3000, whose fetch makes real, CORS-checked HTTP requests to the simulator), and used as a
 * reader would: its button pressed when it has one, its answer read from what it renders.
 */
describe('the React hook samples, rendered with react-dom into happy-dom', () => {
  it.each(samples)('$name', async ({ operation, sample }) => {
    const key = `ii_live_docs_hook_${++runs}`;
    const source = pointSampleAt(sample.source, mockAddresses).replaceAll(
      `'${browserKeyPlaceholder}'`,
      `'${key}'`,
    );
    const file = `${samplesDir}${operation.operationId}-react-hook${sample.request.streamed ? '-stream' : ''}.tsx`;
    await mkdir(samplesDir, { recursive: true });
    await writeFile(file, source);
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
      return;
    }
    const shown = await waitFor(() => {
      const text = document.querySelector('#root pre')?.textContent;
      return text?.startsWith('{') ? text : null;
    }, 'the answer');
    const schema = successSchema(spec, operation.path, operation.method, 'application/json');
    expect(missingRequired(spec, schema, JSON.parse(shown))).toEqual([]);
  });
});
