import fc from 'fast-check';

/**
 * Generated raw HTTP/1.1 requests for fuzzing a server over real sockets (with `sendRaw` of ./rawHttp.ts): request
 * lines with odd methods and targets (absolute forms, `*`, bad percent-encoding), Host values that are no host, header
 * sets a browser of another site or a careless client sends, bodies (JSON of every shape, binary, deeply nested) and
 * every way of declaring a body's length, including too long (the client goes away before its end).
 */
export interface RawRequestOptions {
  /** Targets worth trying on this server besides generated ones (its API paths, its control routes). */
  targets: readonly string[];
  /** Header lines worth trying (its key, its fault headers), besides the ones every server gets. */
  headerLines: readonly string[];
  /** Bodies worth trying (its operations' bodies), besides generated JSON and binary. */
  bodies: readonly string[];
}

const commonTargets = ['*', 'http://[/x', 'http://evil.example/v1/embeddings', '//evil.example/x', '/%zz'];
const commonHeaderLines = [
  'content-type: application/json',
  'content-type: text/plain',
  'origin: http://evil.example',
  'origin: http://localhost:5173',
  'origin: null',
  'sec-fetch-site: cross-site',
  'expect: 100-continue',
  'accept: text/event-stream',
];
const commonBodies = [`{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`, '\uFEFF{"size_gb":300}', '[]', 'null'];

/** How the body's length is declared: exactly, not at all, too long (the client then goes away), as junk, chunked. */
const framings = fc.constantFrom('exact', 'none', 'too-long', 'junk', 'chunked');

export function rawRequests(options: RawRequestOptions) {
  return fc.record({
    method: fc.oneof(
      fc.constantFrom('GET', 'POST', 'PATCH', 'OPTIONS', 'DELETE', 'PUT', 'HEAD'),
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 8 }),
    ),
    target: fc.oneof(
      fc.constantFrom(...options.targets, ...commonTargets),
      fc.webPath(),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
    ),
    host: fc.option(
      fc.oneof(
        fc.constantFrom('127.0.0.1', 'a b', '[', 'evil.example', '[::1]:99999'),
        fc.domain(),
        fc.string({ maxLength: 20 }),
      ),
      { nil: undefined },
    ),
    headers: fc.subarray([...options.headerLines, ...commonHeaderLines]),
    extraHeader: fc.option(
      fc.tuple(
        fc.string({ unit: 'binary-ascii', maxLength: 12 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
      ),
      { nil: undefined },
    ),
    body: fc.oneof(
      fc.constant(''),
      fc.constantFrom(...options.bodies, ...commonBodies),
      fc.json(),
      fc.string({ unit: 'binary', maxLength: 200 }),
    ),
    framing: framings,
  });
}

export type RawRequest = ReturnType<typeof rawRequests> extends fc.Arbitrary<infer T> ? T : never;

/** The request's bytes, and whether it is whole (an answer is owed) or the client goes away before its end. */
export function bytesOf(request: RawRequest): { bytes: Buffer; whole: boolean } {
  const body = Buffer.from(request.body, 'utf8');
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  if (request.host !== undefined) lines.push(`Host: ${request.host}`);
  lines.push(...request.headers);
  if (request.extraHeader) lines.push(`${request.extraHeader[0]}: ${request.extraHeader[1]}`);
  let payload = body;
  if (request.framing === 'exact') lines.push(`content-length: ${body.length}`);
  if (request.framing === 'too-long') lines.push(`content-length: ${body.length + 10}`);
  if (request.framing === 'junk') lines.push('content-length: 12abc');
  if (request.framing === 'chunked') {
    lines.push('transfer-encoding: chunked');
    payload = Buffer.concat([
      Buffer.from(body.length > 0 ? `${body.length.toString(16)}\r\n` : ''),
      body,
      Buffer.from(body.length > 0 ? '\r\n0\r\n\r\n' : '0\r\n\r\n'),
    ]);
  }
  if (request.framing === 'none') payload = Buffer.alloc(0);
  return {
    bytes: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]),
    whole: request.framing !== 'too-long',
  };
}

/** A seed from FUZZ_SEED when set (to replay a failure), else from the clock; printed by the tests that use it. */
export const fuzzSeed = () => Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
