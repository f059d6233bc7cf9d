import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient } from '../core.js';
import { ClientConfigError } from '../errors.js';

// Headers are the one input of a call that fetch itself refuses: its TypeError reached the caller as a failed
// connection quoting the value. They are checked first now; these hold every generated header to "sent, or refused
// by name and rule, the value never shown".

const apiKey = 'ii_live_headerscheck01';
const baseUrl = 'http://127.0.0.1:9/v1';
const platformUrl = 'http://127.0.0.1:9';

/** A fetch that answers from memory and keeps the headers of each request. */
function recordingFetch() {
  const sent: Headers[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    sent.push((input as Request).headers);
    return new Response('{"data":[]}', { headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

/** A marker every generated value starts with: a refusal must never show it. */
const marker = 'VALUE7';
const name = fc.oneof(
  // 'X-TRACE' and 'x-trace' are one header: an object naming both is refused, never sent with one value dropped.
  fc.constantFrom('x-trace', 'X-TRACE', 'X-Client', 'accept', 'x_under', "x!#$%&'*+.^`|~"),
  fc.string({ minLength: 0, maxLength: 8 }),
);
const value = fc
  .oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 6 }),
    fc.constantFrom('\n', '\r\n', '\0', '\t', ' ', '\u2028', '\u00a0', 'é', '€', '\ud83d\ude00'),
  )
  .chain((tail) => fc.constantFrom(`${marker}${tail}`, `${marker}${tail} `, ` ${tail}${marker}`));
const headers = fc.dictionary(name, value, { minKeys: 1, maxKeys: 3 });

function expectSentOrRefused(
  outcome: { error?: unknown; sent?: Headers },
  generated: Record<string, string>,
) {
  const names = Object.keys(generated).map((header) => header.toLowerCase());
  const namedTwice = new Set(names).size < names.length;
  if (outcome.error !== undefined) {
    expect(outcome.error).toBeInstanceOf(ClientConfigError);
    const { message } = outcome.error as Error;
    expect(message).toMatch(/^headers(\[".*"\])?: /);
    expect(message).not.toContain(marker);
    return;
  }
  expect(namedTwice, 'an object naming one header twice (in two cases) was sent').toBe(false);
  for (const [header, sentValue] of Object.entries(generated)) {
    if (header.toLowerCase() === 'authorization') continue;
    expect(outcome.sent?.get(header)).toContain(marker);
    expect(new Headers({ [header]: sentValue }).get(header)).toBe(outcome.sent?.get(header));
  }
}

describe('headers fetch cannot send', () => {
  it('a call with generated headers sends them, or refuses them naming the header, never as a failed connection', async () => {
    await fc.assert(
      fc.asyncProperty(headers, async (generated) => {
        const { fetch, sent } = recordingFetch();
        const client = createClient({ apiKey, baseUrl, platformUrl, fetch, maxRetries: 0 });
        const outcome = await client.instances.listTypes({}, { headers: generated }).then(
          () => ({ sent: sent[0] }),
          (error: unknown) => ({ error }),
        );
        expectSentOrRefused(outcome, generated);
      }),
      { numRuns: 300 },
    );
  });

  it('createClient with generated headers makes a client that sends them, or refuses them at once', async () => {
    await fc.assert(
      fc.asyncProperty(headers, async (generated) => {
        const { fetch, sent } = recordingFetch();
        let outcome: { error?: unknown; sent?: Headers };
        try {
          const client = createClient({ apiKey, baseUrl, platformUrl, fetch, headers: generated });
          await client.instances.listTypes();
          outcome = { sent: sent[0] };
        } catch (error) {
          outcome = { error };
        }
        expectSentOrRefused(outcome, generated);
      }),
      { numRuns: 300 },
    );
  });

  it('says which header and what rule, with the key redacted from a name and no value shown', async () => {
    const { fetch } = recordingFetch();
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch });
    await expect(client.instances.listTypes({}, { headers: { 'x-a': 'one\ntwo' } })).rejects.toThrow(
      'headers["x-a"]: a header value holds no line break, NUL or character above U+00FF (value not shown)',
    );
    await expect(client.instances.listTypes({}, { headers: { 'x-a': 'one', 'X-A': 'two' } })).rejects.toThrow(
      'headers: "x-a" and "X-A" name one header (header names ignore case): give it once',
    );
    expect(() => createClient({ apiKey, baseUrl, platformUrl, fetch, headers: { i: 'a', I: 'b' } })).toThrow(
      'headers: "i" and "I" name one header (header names ignore case): give it once',
    );
    await expect(client.instances.listTypes({}, { headers: { 'bad name': 'v' } })).rejects.toThrow(
      `headers: "bad name" is not a header name (an HTTP token: letters, digits, !#$%&'*+-.^_\`|~)`,
    );
    await expect(client.instances.listTypes({}, { headers: { [`${apiKey} x`]: 'v' } })).rejects.toThrow(
      'headers: "[redacted] x" is not a header name',
    );
    expect(() => createClient({ apiKey, baseUrl, fetch, headers: { 'x-a': '€' } })).toThrow(
      'headers["x-a"]: a header value holds no',
    );
  });

  it('takes what fetch takes: whitespace around a value, Latin-1, a null that removes a header', async () => {
    const { fetch, sent } = recordingFetch();
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch, headers: { 'x-client': 'app' } });
    await client.instances.listTypes(
      {},
      { headers: { 'x-token': ' abc\n', 'x-name': 'José', 'x-client': null } },
    );
    expect(sent[0]?.get('x-token')).toBe('abc');
    expect(sent[0]?.get('x-name')).toBe('Jos\u00e9');
    expect(sent[0]?.has('x-client')).toBe(false);
  });
});

describe('headers of a low-level call', () => {
  it('checks a list of pairs like an object, refuses an item that is no pair, and sends the pairs as headers', async () => {
    const { fetch, sent } = recordingFetch();
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch });
    await expect(
      client.GET('/api/v1/instances/types', { headers: [['x-a', 'one\ntwo']] as unknown as HeadersInit }),
    ).rejects.toThrow('headers["x-a"]: a header value holds no');
    await expect(
      client.GET('/api/v1/instances/types', { headers: [['x-a']] as unknown as HeadersInit }),
    ).rejects.toThrow('headers: a list of headers holds [name, value] pairs');
    await client.GET('/api/v1/instances/types', { headers: [['x-a', 'ok']] });
    expect(sent[0]?.get('x-a')).toBe('ok');
  });
});
