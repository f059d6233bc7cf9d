import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, createClient } from '../index.js';
import { drain } from '../test/drain.js';
import * as redaction from './keyRedaction.js';

// The client's errors and logs hide the key as every process of ours does (the edge's redactor): not only the key
// as it is, but a piece of it, and the forms an echo gives it.

const apiKey = 'ii_live_Hq3vT9xLm2Rk7WpZ4sNc8YbD';
const secret = apiKey.slice('ii_live_'.length);
const baseUrl = 'https://api.test/v1';
const echoes = [
  apiKey.slice(0, -1),
  Buffer.from(`user:${apiKey}`).toString('base64'),
  [...apiKey].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  secret.slice(4, 14),
];

/** A fetch that answers 401, its body, status text and a header echoing the key in each form. */
const echoingFetch: typeof fetch = async () =>
  new Response(
    JSON.stringify({ error: { message: `bad key: ${echoes.join(' | ')}`, type: 'authentication_error' } }),
    {
      status: 401,
      statusText: `no ${apiKey.slice(0, -1)}`,
      headers: { 'content-type': 'application/json', 'www-authenticate': `Bearer ${secret.slice(1, 12)}` },
    },
  );

function expectNoPieceOfTheKey(text: string) {
  for (const echo of echoes) expect(text).not.toContain(echo);
  for (let at = 0; at + 8 <= secret.length; at += 1) expect(text).not.toContain(secret.slice(at, at + 8));
  expect(text).toContain('[redacted]');
}

afterEach(() => vi.restoreAllMocks());

describe("the client's redaction", () => {
  it('hides the key less a character, base64, \\u-escaped or in pieces from an error, its body and its headers', async () => {
    const client = createClient({ apiKey, baseUrl, fetch: echoingFetch, maxRetries: 0 });
    const error = await client.embeddings
      .create({ model: 'm', input: 'x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    const failure = error as AuthenticationError;
    expectNoPieceOfTheKey(
      `${failure.message}\n${JSON.stringify(failure.body)}\n${JSON.stringify([...failure.headers])}`,
    );
  });

  it('hides them from every log line, the request as sent and the answer included', async () => {
    const lines: string[] = [];
    const logger = {
      error: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      warn: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      info: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      debug: (...args: unknown[]) => lines.push(JSON.stringify(args)),
    };
    const client = createClient({
      apiKey,
      baseUrl,
      fetch: echoingFetch,
      maxRetries: 0,
      logger,
      logLevel: 'debug',
    });
    await client.embeddings.create({ model: 'm', input: `my key ${secret}` }).catch(() => undefined);
    expect(lines.length).toBeGreaterThan(0);
    expectNoPieceOfTheKey(lines.join('\n'));
  });

  it("hides a piece of the key from a stream's event that is not JSON", async () => {
    const fetch: typeof globalThis.fetch = async () =>
      new Response(`data: not json ${secret.slice(2, 12)}\n\n`, {
        headers: { 'content-type': 'text/event-stream' },
      });
    const client = createClient({ apiKey, baseUrl, fetch });
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const error = await drain(stream);
    expectNoPieceOfTheKey((error as Error).message);
  });

  it('loads no redactor for calls that succeed with logging off, and loads it for the first failure', async () => {
    const load = vi.spyOn(redaction, 'loadRedaction');
    const ok: typeof fetch = async () =>
      new Response('{"data":[],"meta":{"requestId":"req_1"}}', {
        headers: { 'content-type': 'application/json' },
      });
    await createClient({ apiKey, baseUrl, fetch: ok }).embeddings.create({ model: 'm', input: 'x' });
    expect(load).not.toHaveBeenCalled();
    const failing = createClient({ apiKey, baseUrl, fetch: echoingFetch, maxRetries: 0 });
    await failing.embeddings.create({ model: 'm', input: 'x' }).catch(() => undefined);
    expect(load).toHaveBeenCalled();
  });
});
