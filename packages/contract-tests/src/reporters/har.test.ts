import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEnds, feed } from '../test/reportEvents.js';
import { harReporter } from './har.js';

const nameValues = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'value'],
    properties: { name: { type: 'string' }, value: { type: 'string' } },
  },
};

/** The required fields of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as a JSON Schema. */
const har12 = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: { type: 'object', required: ['name', 'version'] },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              startedDateTime: {
                type: 'string',
                pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
              },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: { headers: nameValues, queryString: nameValues },
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  headers: nameValues,
                  content: { type: 'object', required: ['size', 'mimeType'] },
                },
              },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: {
                  send: { type: 'number', minimum: 0 },
                  wait: { type: 'number', minimum: 0 },
                  receive: { type: 'number', minimum: 0 },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('harReporter', () => {
  let dir: string;
  // biome-ignore lint/suspicious/noExplicitAny: the parsed file is checked against the HAR schema in the first test
  let har: { log: { entries: Array<Record<string, any>>; comment: string } };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'har-'));
    const file = join(dir, 'run.har');
    await feed(harReporter(file));
    har = JSON.parse(await readFile(file, 'utf8'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is valid HAR 1.2', () => {
    const validate = new Ajv({ strict: false }).compile(har12);
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
  });

  it("makes each entry's time the sum of its timings, as HAR asks", () => {
    for (const entry of har.log.entries)
      expect(entry.timings.send + entry.timings.wait + entry.timings.receive).toBe(entry.time);
  });

  it('lists the pre-flight and every exchange of every check, each named by its check', () => {
    const exchanges = checkEnds.flatMap((e) => e.exchanges).length;
    expect(har.log.entries).toHaveLength(exchanges + 1);
    expect(har.log.entries.map((e) => e.comment)).toEqual([
      'pre-flight',
      'listInstanceTypes › sorts by hourly_rate',
      'listInstanceTypes › honours the gpu_type filter <H100>',
      'listInstanceTypes › honours the gpu_type filter <H100>',
    ]);
    expect(har.log.comment).toContain('--seed 77');
  });

  it('keeps the request line, headers, query and answer, and says when the body was cut', () => {
    const [first] = har.log.entries;
    expect(first?.request.queryString).toEqual([{ name: 'gpu_type', value: 'H100' }]);
    expect(first?.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer [redacted]' });
    expect(first?.response.content).toMatchObject({
      size: 4000,
      mimeType: 'application/json',
      comment: expect.stringMatching(/cut to the first/),
    });
    expect(har.log.entries.at(-1)?.response).toMatchObject({ status: 0, _error: 'ECONNRESET' });
  });
});
