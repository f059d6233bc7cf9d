import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import { type SpecOperation, specOperations } from '../specOperations.js';
import { missingRequired, successSchema } from '../test/responseShape.js';
import { pointSampleAt, runCurlSample, runNodeSample } from '../test/runSample.js';
import { type CodeSample, codeSamplesOf } from './codeSamples.js';
import { keySource } from './curlSample.js';

const spec = createRequire(import.meta.url)('@inference-infra/spec/openapi.json');
const operations = specOperations(spec);
const mockAddresses = new Map(
  operations.map((operation) => [
    operation.serverDefault,
    operation.serverVariable === 'base_url' ? inject('mockBaseUrl') : inject('mockPlatformUrl'),
  ]),
);

const samples = operations.flatMap((operation) =>
  codeSamplesOf(operation).map((sample) => ({
    operation,
    sample,
    name: `${operation.operationId}: ${sample.label}`,
  })),
);

let runs = 0;
/** A key of its own for each run: a workspace of its own in the simulator. */
const freshKey = () => `ii_live_docs_sample_${++runs}`;

/** What a sample printed: the answer's JSON, a stream's events (curl) or a stream's text (the clients). */
function expectAnswer(operation: SpecOperation, sample: CodeSample, output: string) {
  if (!sample.request.streamed) {
    const schema = successSchema(spec, operation.path, operation.method, 'application/json');
    expect(missingRequired(spec, schema, JSON.parse(output))).toEqual([]);
    return;
  }
  if (sample.kind !== 'curl') {
    expect(output.trim().length, 'the streamed text').toBeGreaterThan(0);
    return;
  }
  const events = output
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length));
  expect(events.at(-1)).toBe('[DONE]');
  expect(events.length).toBeGreaterThan(2);
  const eventSchema = successSchema(spec, operation.path, operation.method, 'text/event-stream');
  for (const event of events.slice(0, -1))
    expect(missingRequired(spec, eventSchema, JSON.parse(event))).toEqual([]);
}

describe('the code samples the site shows', () => {
  it('cover every operation in curl, the fetch client and each framework, and the inference ones in openai', () => {
    for (const operation of operations) {
      const kinds = new Set(codeSamplesOf(operation).map((sample) => sample.kind));
      const expected = ['curl', 'fetch-client', 'react-hook', 'vue', 'svelte', 'solid', 'angular'];
      if (operation.serverVariable === 'base_url') expected.push('openai');
      expect([...kinds].sort(), operation.operationId).toEqual(expected.sort());
    }
    expect(samples.some(({ sample }) => sample.request.streamed)).toBe(true);
  });

  it('stops a curl sample with one sentence naming the key variable when it is not set, before any request', async () => {
    const first = samples.find(({ sample }) => sample.kind === 'curl');
    if (!first) throw new Error('no curl sample');
    await expect(runCurlSample(pointSampleAt(first.sample.source, mockAddresses), '')).rejects.toThrow(
      `INFERENCE_INFRA_API_KEY: is not set: export it with ${keySource}`,
    );
  });

  // One at a time, as tests of a file run: each starts a process, and the machine has two cores.
  describe('run against the simulator, as written (only the addresses pointed at it)', () => {
    it.each(samples.filter(({ sample }) => sample.kind === 'curl'))(
      '$name',
      async ({ operation, sample }) => {
        const output = await runCurlSample(pointSampleAt(sample.source, mockAddresses), freshKey());
        expectAnswer(operation, sample, output);
      },
    );

    it.each(samples.filter(({ sample }) => sample.kind === 'fetch-client' || sample.kind === 'openai'))(
      '$name',
      async ({ operation, sample }) => {
        const fileName = `${operation.operationId}-${sample.kind}${sample.request.streamed ? '-stream' : ''}.ts`;
        const output = await runNodeSample(pointSampleAt(sample.source, mockAddresses), fileName, freshKey());
        expectAnswer(operation, sample, output);
      },
    );
  });
});
