import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsedOrText, sendRaw } from './rawHttp.js';
import { type StaticServer, startStaticServer } from './staticServer.js';

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise `..` away). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, type: response.headers['content-type'] ?? '' }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startStaticServer', () => {
  let parentDir: string;
  let server: StaticServer;

  beforeAll(async () => {
    parentDir = await mkdtemp(join(tmpdir(), 'static-server-'));
    await writeFile(join(parentDir, 'secret.txt'), 'outside the root');
    const rootDir = join(parentDir, 'site');
    await mkdir(rootDir);
    await writeFile(join(rootDir, 'index.html'), '<h1>docs</h1>');
    server = await startStaticServer({ rootDir });
  });

  afterAll(async () => {
    await server?.close();
    await rm(parentDir, { recursive: true, force: true });
  });

  it('listens on a free loopback port when given port 0', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('serves index.html for the root address, as HTML', async () => {
    const response = await rawGet(server.url, '/');
    expect(response).toEqual({ status: 200, body: '<h1>docs</h1>', type: 'text/html; charset=utf-8' });
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await rawGet(server.url, '/missing.js')).status).toBe(404);
  });

  it('refuses paths that climb out of the root, encoded or not (the edge path rule: 400 invalid_path)', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toContain('invalid_path');
      expect(response.body, path).not.toContain('outside the root');
    }
  });
});

describe('startStaticServer under hostile input', () => {
  let rootDir: string;
  let server: StaticServer;
  const routeCalls: string[] = [];

  beforeAll(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'static-server-hostile-'));
    await writeFile(join(rootDir, 'index.html'), '<h1>site</h1>');
    server = await startStaticServer({
      rootDir,
      // A route that reads the body, as an API route does, and one that throws.
      route: async (request, response) => {
        routeCalls.push(request.url ?? '');
        if (request.url === '/throws') throw new Error('the route broke');
        if (request.url !== '/echo') return false;
        let body = '';
        for await (const chunk of request) body += chunk;
        response.end(body);
        return true;
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await rm(rootDir, { recursive: true, force: true });
  });

  /** The error body's code of a whole answer, after which the site must still be served. */
  async function refusal(bytes: string) {
    const answer = await sendRaw(server.port, { bytes });
    const page = await sendRaw(server.port, { bytes: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' });
    expect(page.body).toBe('<h1>site</h1>');
    const error = (parsedOrText(answer.body) as { error?: { code?: string; type?: string } }).error;
    return { status: answer.status, code: error?.code, type: error?.type };
  }

  it.each([
    [
      'an absolute-form target that is no URL',
      'GET http://[/ HTTP/1.1\r\nHost: 127.0.0.1',
      400,
      'malformed_request_target',
    ],
    ['a Host with a space', 'GET / HTTP/1.1\r\nHost: a b', 400, 'malformed_host'],
    ['a Host of one bracket', 'GET / HTTP/1.1\r\nHost: [', 400, 'malformed_host'],
    [
      'a Host of another site (DNS rebinding)',
      'GET / HTTP/1.1\r\nHost: evil.example',
      403,
      'host_not_allowed',
    ],
    [
      'a request line Node cannot parse',
      'GET / HTTP/1.1 and more\r\nHost: 127.0.0.1',
      400,
      'malformed_request',
    ],
    ['a method the files do not take', 'DELETE / HTTP/1.1\r\nHost: 127.0.0.1', 405, 'method_not_allowed'],
    ['a missing file', 'GET /nothing.js HTTP/1.1\r\nHost: 127.0.0.1', 404, 'not_found'],
  ])('answers %s with the error body and keeps serving', async (_name, head, status, code) => {
    expect(await refusal(`${head}\r\n\r\n`)).toMatchObject({ status, code });
  });

  it('takes localhost, *.localhost and addresses as Host', async () => {
    for (const host of ['localhost:4012', 'docs.localhost', '127.0.0.1:4012', '[::1]:4012']) {
      const page = await sendRaw(server.port, { bytes: `GET / HTTP/1.1\r\nHost: ${host}\r\n\r\n` });
      expect(page.status, host).toBe(200);
    }
  });

  it('answers 500 naming the failure when a route throws, and keeps serving', async () => {
    const failure = await refusal('GET /throws HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(failure).toEqual({ status: 500, code: 'server_failure', type: 'server_error' });
  });

  it('outlives a POST that declares a body and closes before it ends (Error: aborted)', async () => {
    const cut = await sendRaw(server.port, {
      bytes: 'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 100\r\n\r\n{"partial":',
      closeAfterSend: true,
    });
    expect(cut.ended).not.toBe('timeout');
    const whole = await sendRaw(server.port, {
      bytes: 'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 2\r\n\r\n{}',
    });
    expect(whole.body).toBe('{}');
    expect(routeCalls).toContain('/echo');
  });
});

describe('startStaticServer and symlinks', () => {
  let parentDir: string;
  let server: StaticServer;

  beforeAll(async () => {
    parentDir = await mkdtemp(join(tmpdir(), 'static-server-links-'));
    await writeFile(join(parentDir, 'secret.txt'), 'outside the root');
    await mkdir(join(parentDir, 'private'));
    await writeFile(join(parentDir, 'private', 'key.txt'), 'a folder outside the root');
    const rootDir = join(parentDir, 'site');
    await mkdir(join(rootDir, 'assets'), { recursive: true });
    await writeFile(join(rootDir, 'index.html'), '<h1>site</h1>');
    await writeFile(join(rootDir, 'assets', 'app.js'), 'app();');
    // Real symlinks: to a file and a folder outside the root, and to a file inside it.
    await symlink(join(parentDir, 'secret.txt'), join(rootDir, 'leak.txt'));
    await symlink(join(parentDir, 'private'), join(rootDir, 'private'));
    await symlink(join(rootDir, 'assets', 'app.js'), join(rootDir, 'app.js'));
    server = await startStaticServer({ rootDir });
  });

  afterAll(async () => {
    await server?.close();
    await rm(parentDir, { recursive: true, force: true });
  });

  it('never follows a symlink out of its folder', async () => {
    for (const path of ['/leak.txt', '/private/key.txt']) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toMatch(/outside the root/);
    }
  });

  it('serves a symlink that stays inside its folder', async () => {
    expect(await rawGet(server.url, '/app.js')).toMatchObject({ status: 200, body: 'app();' });
  });
});

describe('startStaticServer with a route that refuses a large body', () => {
  let rootDir: string;
  let server: StaticServer;

  beforeAll(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'static-server-upload-'));
    await writeFile(join(rootDir, 'index.html'), '<h1>site</h1>');
    server = await startStaticServer({
      rootDir,
      // As an API route reads a body: through a web stream, cancelled past its cap, then a 413.
      route: async (request, response) => {
        if (request.url !== '/upload') return false;
        const reader = (Readable.toWeb(request) as ReadableStream<Uint8Array>).getReader();
        let size = 0;
        while (size <= 1024 * 1024) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
        }
        await reader.cancel();
        // A route builds its answer in later turns (a web Response, then a pipeline): the request's error comes first.
        await new Promise((resolve) => setTimeout(resolve, 10));
        response.writeHead(413, { 'content-type': 'application/json' }).end('{"error":"body_too_large"}');
        return true;
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await rm(rootDir, { recursive: true, force: true });
  });

  it("lets the route's 413 reach a client still sending a 50 MB chunked body, never a reset", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 50) controller.close();
        else controller.enqueue(new Uint8Array(1024 * 1024).fill(97));
      },
    });
    const answer = await fetch(`${server.url}upload`, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.text()).toBe('{"error":"body_too_large"}');
  });
});
