import { describe, expect, it } from 'vitest';
import { deref, type Json, loadBundle, operationsOf } from './loadBundle.js';
import { createSchemaValidator } from './schemaValidator.js';

const doc = loadBundle();
const validate = createSchemaValidator(doc);

interface ExampleCase {
  where: string;
  mediaType: string;
  media: Json;
  name: string;
  value: unknown;
}

function examplesOf(where: string, content: Json): ExampleCase[] {
  return Object.entries<Json>(content ?? {}).flatMap(([mediaType, media]) =>
    Object.entries<Json>(media.examples ?? {}).map(([name, example]) => ({
      where,
      mediaType,
      media,
      name,
      value: deref(doc, example).value,
    })),
  );
}

const cases: ExampleCase[] = operationsOf(doc).flatMap(({ operation }) => [
  ...examplesOf(`${operation.operationId} request`, deref(doc, operation.requestBody)?.content),
  ...Object.entries<Json>(operation.responses).flatMap(([status, response]) =>
    examplesOf(`${operation.operationId} ${status}`, deref(doc, response).content),
  ),
]);

/** Splits an event-stream body into the data of each event. */
function eventData(stream: string): string[] {
  return stream
    .split(/\n\n/)
    .filter((event) => event.trim() !== '')
    .map((event) =>
      event
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
        .join('\n'),
    );
}

describe('every example', () => {
  it('exists for every request body and every response of every operation', () => {
    for (const { operation } of operationsOf(doc)) {
      const body = deref(doc, operation.requestBody);
      for (const mediaType of Object.keys(body?.content ?? {})) {
        expect(Object.keys(body.content[mediaType].examples ?? {}), operation.operationId).not.toHaveLength(
          0,
        );
      }
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        for (const [mediaType, media] of Object.entries<Json>(deref(doc, response).content)) {
          expect(
            Object.keys(media.examples ?? {}),
            `${operation.operationId} ${status} ${mediaType}`,
          ).not.toHaveLength(0);
        }
      }
    }
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases.map((c) => [`${c.where} ${c.mediaType} "${c.name}"`, c] as const))(
    'validates against its schema: %s',
    (_label, example) => {
      if (example.mediaType === 'text/event-stream') {
        const data = eventData(String(example.value));
        expect(data.at(-1)).toBe(example.media['x-stream-terminator']);
        expect(String(example.value).endsWith('\n\n')).toBe(true);
        for (const chunk of data.slice(0, -1)) {
          expect(validate(example.media['x-stream-event-schema'], JSON.parse(chunk))).toEqual([]);
        }
        return;
      }
      expect(validate(example.media.schema, example.value)).toEqual([]);
    },
  );

  it('validates parameter examples against their schemas', () => {
    for (const { operation } of operationsOf(doc)) {
      for (const parameter of (operation.parameters ?? []).map((p: Json) => deref(doc, p))) {
        expect(
          validate(parameter.schema, parameter.example),
          `${operation.operationId} ${parameter.name}`,
        ).toEqual([]);
      }
    }
  });
});

describe('examples obey the rules of the interface document', () => {
  const byName = (where: string) =>
    cases.filter((c) => c.where === where && c.mediaType === 'application/json');

  it('lists instance types by hourly_rate ascending', () => {
    for (const { value } of byName('listInstanceTypes 200')) {
      const rates = (value as Json).data.map((type: Json) => type.hourly_rate);
      expect(rates).toEqual([...rates].sort((a: number, b: number) => a - b));
    }
  });

  it('honours the default limit of 50 and agrees with hasMore and total', () => {
    for (const { value } of byName('listBillingTransactions 200')) {
      const { data, meta } = value as Json;
      expect(data.length).toBeLessThanOrEqual(50);
      expect(meta.hasMore).toBe(data.length < meta.total);
    }
  });

  it('resizes to the size that was asked for', () => {
    const request: Json = byName('resizeVolume request')[0]?.value;
    const response: Json = byName('resizeVolume 200')[0]?.value;
    expect(response.data.sizeGb).toBe(request.size_gb);
  });

  it('fills exactly the image field that response_format asks for', () => {
    for (const { name, value } of byName('generateImages 200')) {
      for (const result of (value as Json).data) expect(Object.keys(result)).toEqual([name]);
    }
  });

  it('returns embeddings in the form encoding_format asks for, one per input item in index order', () => {
    const requests = Object.fromEntries(
      byName('createEmbeddings request').map((c) => [c.name, c.value as Json]),
    );
    for (const { name, value } of byName('createEmbeddings 200')) {
      const request = requests[name];
      const inputs = Array.isArray(request.input) ? request.input : [request.input];
      const data = (value as Json).data;
      expect(data.map((item: Json) => item.index)).toEqual(inputs.map((_: unknown, i: number) => i));
      for (const item of data) {
        expect(typeof item.embedding).toBe(request.encoding_format === 'base64' ? 'string' : 'object');
      }
    }
  });

  it('writes live keys as <prefix>_live_<random>', () => {
    const keys = JSON.stringify(doc).match(/\b\w+_live_\w+/g) ?? [];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^ii_live_[a-z0-9]+$/);
  });
});
