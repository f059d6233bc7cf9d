import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Reporter } from '../engine/events.js';
import { packageVersion } from '../packageVersion.js';
import type { Exchange } from '../transport/exchange.js';

const nameValues = (pairs: Iterable<[string, string]>) =>
  [...pairs].map(([name, value]) => ({ name, value }));

/** One HAR 1.2 entry (http://www.softwareishard.com/blog/har-12-spec/); sizes the suite does not know are -1, as the spec says. */
export function harEntry(exchange: Exchange, check: string) {
  const url = new URL(exchange.url);
  const contentType =
    exchange.responseHeaders.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const cutShort = exchange.responseBody.length < exchange.responseBodySize;
  return {
    startedDateTime: exchange.startedAt,
    time: exchange.durationMs,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(Object.entries(exchange.requestHeaders)),
      queryString: nameValues(url.searchParams.entries()),
      ...(exchange.requestBody === undefined
        ? {}
        : {
            postData: { mimeType: exchange.requestHeaders['content-type'] ?? '', text: exchange.requestBody },
          }),
      headersSize: -1,
      bodySize: exchange.requestBody?.length ?? 0,
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(exchange.responseHeaders),
      content: {
        size: exchange.responseBodySize,
        mimeType: contentType,
        text: exchange.responseBody,
        ...(cutShort ? { comment: `cut to the first ${exchange.responseBody.length} characters` } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      // HAR has no field for "no answer"; browsers write `_error`, which HAR viewers show.
      ...(exchange.error === undefined ? {} : { _error: exchange.error }),
    },
    cache: {},
    // fetch shows only the whole exchange, so it is all `wait`: HAR allows -1 (unknown) only for blocked, dns,
    // connect and ssl, and wants send + wait + receive to make up `time`.
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    comment: check,
  };
}

/**
 * Every HTTP exchange of the run as a HAR 1.2 file, for a browser's network panel or any HAR viewer; each entry's
 * comment names the check that made it. The key is already redacted in the exchanges it gets.
 */
export function harReporter(outputFile: string): Reporter {
  const entries: ReturnType<typeof harEntry>[] = [];
  const write = async (comment: string) => {
    const har = {
      log: {
        version: '1.2',
        creator: { name: '@inference-infra/contract-tests', version: packageVersion() },
        pages: [],
        entries,
        comment,
      },
    };
    await mkdir(dirname(outputFile), { recursive: true });
    await writeFile(outputFile, `${JSON.stringify(har, null, 2)}\n`);
  };
  return {
    onRunStart({ preflight }) {
      for (const exchange of preflight) entries.push(harEntry(exchange, 'pre-flight'));
    },
    onCheckEnd({ check, exchanges }) {
      for (const exchange of exchanges) entries.push(harEntry(exchange, check.fullName));
    },
    onRunEnd({ result }) {
      return write(`seed ${result.seed} (replay with --seed ${result.seed})`);
    },
    // The pre-flight's requests are what shows why the run stopped: the file is written then too.
    onRunError({ message, preflight }) {
      for (const exchange of preflight) entries.push(harEntry(exchange, 'pre-flight'));
      return write(`the run stopped at the pre-flight: ${message}`);
    },
  };
}
