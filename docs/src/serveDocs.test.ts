import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySource } from './samples/curlSample.js';

const serveDocs = fileURLToPath(new URL('../scripts/serveDocs.js', import.meta.url));
const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const running: ChildProcess[] = [];

/** `serveDocs.js` as `scripts/start.sh` runs it; resolves with its address once it prints it. */
async function startServeDocs(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [serveDocs, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  for await (const chunk of child.stdout) {
    output += String(chunk);
    const address = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
    if (address) return address;
  }
  throw new Error(`serveDocs.js ended without an address: ${output}`);
}

const serving = new Map<string, Promise<string>>();
/**
 * One server per set of options for the whole file: the tests only read from it, and each start is a Node process
 * that loads the built document (five starts became two).
 */
function serveDocsWith(args: string[]): Promise<string> {
  const key = args.join(' ');
  let address = serving.get(key);
  if (!address) {
    address = startServeDocs(args);
    serving.set(key, address);
  }
  return address;
}

/** Every code sample of the document, with the base address of its operation's server as the document gives it. */
function samplesOf(document: {
  paths: Record<
    string,
    Record<string, { servers?: { url: string; variables: Record<string, { default: string }> }[] }>
  >;
}) {
  return Object.values(document.paths).flatMap((pathItem) =>
    Object.values(pathItem).flatMap((operation) => {
      const server = operation.servers?.[0];
      const address = server
        ? server.url.replace(/\{(\w+)\}/g, (_, name) => server.variables[name]?.default ?? '')
        : '';
      const samples =
        (operation as { 'x-codeSamples'?: { label: string; source: string }[] })['x-codeSamples'] ?? [];
      return samples.map((sample) => ({ ...sample, address }));
    }),
  );
}

/** Every server variable's default in the document, wherever its server object sits. */
function defaultsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) defaultsOf(item, found);
  else if (node && typeof node === 'object') {
    const object = node as Record<string, unknown>;
    if (typeof object.url === 'string' && object.variables && typeof object.variables === 'object')
      for (const [name, variable] of Object.entries(object.variables as Record<string, { default: string }>))
        found.add(`${name}=${variable.default}`);
    for (const value of Object.values(object)) defaultsOf(value, found);
  }
  return found;
}

describe('scripts/serveDocs.js (the docs server of scripts/start.sh)', () => {
  beforeAll(() => {
    if (!existsSync(`${distDir}/index.html`))
      throw new Error(
        'docs/dist/index.html is missing: run `pnpm --filter @inference-infra/docs build` first.',
      );
  });
  afterAll(() => {
    for (const child of running.splice(0)) child.kill();
  });

  it('serves the document with the servers it is given, so the console starts at a mock on other ports', async () => {
    const url = await serveDocsWith([
      '--port',
      '0',
      '--base-url',
      'http://127.0.0.1:5010/v1',
      '--platform-url',
      'http://127.0.0.1:5011',
    ]);
    const document = await (await fetch(`${url}/openapi.json`)).json();
    expect(defaultsOf(document)).toEqual(
      new Set(['base_url=http://127.0.0.1:5010/v1', 'platform_url=http://127.0.0.1:5011']),
    );
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    expect((await fetch(url)).status).toBe(200);
  });

  it('shows code samples that reach the mock on the ports it is given, and name where the key comes from', async () => {
    const url = await serveDocsWith([
      '--port',
      '0',
      '--base-url',
      'http://127.0.0.1:5010/v1',
      '--platform-url',
      'http://127.0.0.1:5011',
    ]);
    const samples = samplesOf(await (await fetch(`${url}/openapi.json`)).json());
    // curl, the fetch client, openai and each framework (whose key-adding server route names the address).
    expect(new Set(samples.map(({ label }) => label.replace(/ \(stream\)$/, '')))).toEqual(
      new Set(['curl', 'fetch client', 'openai', 'React hook', 'Vue', 'Svelte', 'Solid', 'Angular']),
    );
    for (const { label, source, address } of samples) {
      expect(['http://127.0.0.1:5010/v1', 'http://127.0.0.1:5011'], label).toContain(address);
      expect(source, label).toContain(address);
      expect(source, label).not.toMatch(/127\.0\.0\.1:401[01]/);
      expect(source, label).toContain(keySource);
      expect(keySource).toContain('ii_live_mock');
    }
  });

  it('serves the built document as it is without them', async () => {
    const url = await serveDocsWith(['--port', '0']);
    const document = await (await fetch(`${url}/openapi.json`)).json();
    expect(defaultsOf(document)).toEqual(
      new Set(['base_url=http://127.0.0.1:4010/v1', 'platform_url=http://127.0.0.1:4011']),
    );
  });

  it('serves llms.txt, llms-full.txt and each operation page as text, as the build wrote them', async () => {
    const url = await serveDocsWith(['--port', '0']);
    const pages = readdirSync(join(distDir, 'operations')).map((name) => `operations/${name}`);
    expect(pages.length).toBeGreaterThan(0);
    for (const path of ['llms.txt', 'llms-full.txt', ...pages]) {
      const answer = await fetch(`${url}/${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toBe(
        path.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8',
      );
      expect(await answer.text(), path).toBe(readFileSync(join(distDir, path), 'utf8'));
    }
  });

  it('serves the pages for AI tools with the samples of the addresses it is given, as its document', async () => {
    const url = await serveDocsWith([
      '--port',
      '0',
      '--base-url',
      'http://127.0.0.1:5010/v1',
      '--platform-url',
      'http://127.0.0.1:5011',
    ]);
    const samples = samplesOf(await (await fetch(`${url}/openapi.json`)).json());
    const pages = readdirSync(join(distDir, 'operations')).map((name) => `operations/${name}`);
    const served = new Map<string, string>();
    for (const path of ['llms.txt', 'llms-full.txt', ...pages]) {
      const answer = await fetch(`${url}/${path}`);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/(markdown|plain); charset=utf-8$/);
      served.set(path, await answer.text());
    }
    expect(served.get('llms.txt')).toContain('by default `http://127.0.0.1:5011`');
    const allPages = pages.map((path) => served.get(path)).join('\n');
    for (const { label, source } of samples) {
      expect(allPages, label).toContain(source.trimEnd());
      expect(served.get('llms-full.txt'), label).toContain(source.trimEnd());
    }
    expect(allPages).not.toMatch(/127\.0\.0\.1:401[01]/);
    const head = await fetch(`${url}/llms.txt`, { method: 'HEAD' });
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(served.get('llms.txt') ?? ''));
  });

  it('says in one sentence that its port is in use, naming --port, with no stack', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const child = spawn(process.execPath, [serveDocs, '--port', String(port)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.push(child);
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
      });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `API reference (docs site): port ${port} on 127.0.0.1 is in use: choose another with --port N.`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
