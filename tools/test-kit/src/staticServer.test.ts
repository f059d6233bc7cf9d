import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequestPath, type StaticServer, startStaticServer } from './staticServer.js';

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

  it('refuses paths that climb out of the root, encoded or not', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain('outside the root');
    }
  });
});

describe('resolveRequestPath', () => {
  it('ignores the query string and maps a folder to its index.html', () => {
    expect(resolveRequestPath('/srv/site', '/guide/?tab=1')).toBe('/srv/site/guide/index.html');
  });

  it('returns null for malformed percent-encoding instead of throwing', () => {
    expect(resolveRequestPath('/srv/site', '/%E0%A4%A')).toBeNull();
  });
});
