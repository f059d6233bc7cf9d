import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { installedRuntime } from './runtimes.js';

/**
 * The MCP server as npm installed it from its tarball (what `npx @inference-infra/mcp-server --simulator` runs), on
 * every Node line its `engines` claims: over stdio, `tools/list` and a `tools/call` of the instance types with a
 * filter. Plain JSON-RPC lines, so the check depends on no MCP library of ours.
 */
const project = inject('consumerProject');
const nodeLines = ['node20', 'node22', 'node24'];

/** Sends JSON-RPC lines and reads the answer of each request by id. */
function jsonRpc(child: ChildProcessWithoutNullStreams) {
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    buffered += text;
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, end)) as { id?: number };
      buffered = buffered.slice(end + 1);
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    }
  });
  let nextId = 1;
  return {
    notify: (method: string) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`),
    request: (method: string, params: object) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      }),
  };
}

describe.each(nodeLines)('on %s', (name) => {
  it('the installed inference-infra-mcp --simulator lists its tools, answers a filtered call, reads its shipped ASSUMPTIONS.md and gives a prompt over stdio', async () => {
    const runtime = installedRuntime(name);
    const started = performance.now();
    const child = spawn(
      runtime.executable,
      [join(project, 'node_modules/@inference-infra/mcp-server/bin/inference-infra-mcp.js'), '--simulator'],
      { cwd: project, env: { PATH: process.env.PATH ?? '' } },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    try {
      const rpc = jsonRpc(child);
      const init = await rpc.request('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'release-check', version: '1.0.0' },
      });
      expect(init.result, stderr).toMatchObject({ serverInfo: { name: 'inference-infra' } });
      rpc.notify('notifications/initialized');
      const list = (await rpc.request('tools/list', {})) as { result: { tools: Array<{ name: string }> } };
      expect(list.result.tools.map((tool) => tool.name)).toEqual([
        'list_instance_types',
        'list_billing_transactions',
      ]);
      const call = (await rpc.request('tools/call', {
        name: 'list_instance_types',
        arguments: { gpu_type: 'H100', region: 'us-east-1' },
      })) as { result: { isError?: boolean; structuredContent: { data: Array<{ gpu_type: string }> } } };
      expect(call.result.isError).toBeFalsy();
      expect(call.result.structuredContent.data.length).toBeGreaterThan(0);
      expect(call.result.structuredContent.data.every((type) => type.gpu_type === 'H100')).toBe(true);
      // ASSUMPTIONS.md comes from the private spec package: only the copy in the tarball's dist/ can answer this.
      const assumptions = (await rpc.request('resources/read', {
        uri: 'inference-infra://spec/ASSUMPTIONS.md',
      })) as { result: { contents: Array<{ mimeType: string; text: string }> } };
      expect(assumptions.result.contents[0]?.mimeType, stderr).toBe('text/markdown');
      expect(assumptions.result.contents[0]?.text).toContain(
        '### OpenAI-style clients: every field they send',
      );
      const prompt = (await rpc.request('prompts/get', {
        name: 'cheapest_instance',
        arguments: { gpu_type: 'H100', region: 'us-east-1' },
      })) as { result: { messages: Array<{ content: { text: string } }> } };
      expect(prompt.result.messages[0]?.content.text).toContain('list_instance_types');
    } finally {
      child.kill();
    }
    console.log(
      `[runtime matrix] mcp-server on ${name} ${runtime.version}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 60_000);

  it("the installed server as a remote one (--http --auth bearer-passthrough): each caller's own key, its health endpoint, 401 with WWW-Authenticate", async () => {
    const runtime = installedRuntime(name);
    const child = spawn(
      runtime.executable,
      [
        join(project, 'node_modules/@inference-infra/mcp-server/bin/inference-infra-mcp.js'),
        ...['--http', '--port', '0', '--auth', 'bearer-passthrough', '--simulator'],
      ],
      { cwd: project, env: { PATH: process.env.PATH ?? '' } },
    );
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (text: string) => {
          stderr += text;
          const found = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stderr);
          if (found) resolve(found[0]);
        });
        child.once('exit', () => reject(new Error(`the server exited before serving: ${stderr}`)));
      });
      const health = await fetch(new URL('/healthz', endpoint));
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      const alice = 'ii_live_releaseCheckAlice1';
      const bob = 'ii_live_releaseCheckBob22';
      const post = (body: object, headers: Record<string, string>) =>
        fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify({ jsonrpc: '2.0', ...body }),
        });
      /** The JSON-RPC message of an answer, sent as JSON or as one server-sent event. */
      const messageOf = async (answer: Response) => {
        const text = await answer.text();
        const data = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)?.[1];
        return JSON.parse(data ?? 'null') as Record<string, unknown>;
      };
      const initialize = {
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'release-check', version: '1' },
        },
      };
      const refused = await post(initialize, {});
      expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
      const opened = await post(initialize, { authorization: `Bearer ${alice}` });
      expect(opened.status).toBe(200);
      const session = opened.headers.get('mcp-session-id') ?? '';
      await messageOf(opened);
      const onSession = {
        authorization: `Bearer ${alice}`,
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18',
      };
      await post({ method: 'notifications/initialized' }, onSession);
      const call = await messageOf(
        await post(
          { id: 2, method: 'tools/call', params: { name: 'list_instance_types', arguments: {} } },
          onSession,
        ),
      );
      expect((call.result as { isError?: boolean }).isError).toBeFalsy();
      // Another caller's key on Alice's session is refused, naming neither key.
      const stolen = await post(
        { id: 3, method: 'tools/list', params: {} },
        { ...onSession, authorization: `Bearer ${bob}` },
      );
      expect(stolen.status).toBe(401);
      expect(await stolen.text()).not.toMatch(/releaseCheck/);
    } finally {
      child.kill();
    }
  }, 60_000);
});
