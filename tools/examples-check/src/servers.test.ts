import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ExampleProject } from './exampleProject.ts';
import { echoedForms, startHostileUpstream } from './hostileUpstream.ts';
import { commandsOf, readmeCommand } from './readme.ts';
import { exampleKey, h100s, simulatorEnv } from './simulator.ts';

const projects = new Map<string, ExampleProject>();
afterAll(async () => {
  await Promise.all([...projects.values()].map((project) => project.remove()));
});

/** The address the READMEs' curl lines name, where `npm start` listens by default. */
const readmeServer = 'http://127.0.0.1:3000/';

/**
 * The example's own deadline for its endpoint (`createRouteGuard({ timeoutMs: 10_000 })` in src/server.ts): a silent
 * upstream's 504 comes after it, so the raw client waits that long and a margin for a loaded machine.
 */
const endpointDeadlineMs = 10_000;

describe.each(['hono', 'express'])('examples/%s', (name) => {
  it("serves its own endpoint from the API and the key-holding route, answering the README's curl lines", async () => {
    const project = new ExampleProject(name, inject('registryUrl'));
    projects.set(name, project);
    await project.install();
    await project.run(readmeCommand(name, /^npm run build$/), { timeoutMs: 3 * 60_000 });
    const key = exampleKey(name);
    // PORT=0: the README's "0 takes a free one", and the server says which.
    const server = await project.start(readmeCommand(name, /^npm start$/), {
      env: { ...simulatorEnv(key), PORT: '0' },
      ready: /listening on (http:\/\/127\.0\.0\.1:\d+\/)/,
      timeoutMs: 60_000,
    });
    try {
      const url = server.ready[1] as string;
      const expected = await h100s();
      const curls = commandsOf(name).filter((command) => command.startsWith('curl '));
      expect(curls).toHaveLength(2);
      const answers = [];
      for (const curl of curls) {
        const { stdout } = await project.run(curl.replaceAll(readmeServer, url), { timeoutMs: 30_000 });
        expect(stdout).not.toContain(key);
        answers.push(JSON.parse(stdout));
      }
      // GET /cheapest: the app's endpoint, with the key on the server's own client.
      const { id, gpu_type, region, hourly_rate } = expected[0] ?? {};
      expect(answers[0]).toEqual({
        id,
        gpu_type,
        region,
        hourly_rate,
        requestId: expect.stringMatching(/^req_/),
      });
      // The route, sent without a key: the server added it, and the answer is the API's, as it came.
      expect(answers[1].data.map((type: { id: string }) => type.id)).toEqual(expected.map((type) => type.id));

      // A billable call the route does not list spends nothing: refused before it reaches the API.
      const embeddings = await fetch(new URL('v1/embeddings', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bge-large-en-v1.5', input: 'hi' }),
      });
      expect(embeddings.status).toBe(403);
      expect(((await embeddings.json()) as { error: { code: string } }).error.code).toBe(
        'operation_not_allowed',
      );
      // The chat it lists goes through, streamed as the API streams it.
      const chat = await fetch(new URL('v1/chat/completions', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Hi' }], stream: true }),
      });
      const events = await chat.text();
      expect(chat.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(events).toMatch(/data: \[DONE\]\n\n$/);
      expect(events).not.toContain(key);
      // The app's endpoint turns an API failure into its status: an unknown GPU is its own 404, not a crash.
      expect((await fetch(new URL('cheapest?gpu_type=B300', url))).status).toBe(404);
    } finally {
      await server.stop();
    }
    expect(server.output()).not.toContain(key);
  });
});

describe.each(['hono', 'express'])('examples/%s under attack', (name) => {
  it('refuses foreign hosts, pages and targets at its own endpoint, bounds a silent API and lets no form of the key out', async () => {
    // The build of the test above (same worker, one file at a time): the served app as its README builds it.
    const project = projects.get(name);
    if (!project) throw new Error(`examples/${name} was not built by the test before`);
    const upstream = await startHostileUpstream();
    const key = exampleKey(`${name}attack`);
    const server = await project.start(readmeCommand(name, /^npm start$/), {
      env: {
        INFERENCE_INFRA_API_KEY: key,
        INFERENCE_INFRA_BASE_URL: `${upstream.origin}/v1`,
        INFERENCE_INFRA_PLATFORM_URL: upstream.origin,
        PORT: '0',
      },
      ready: /listening on (http:\/\/127\.0\.0\.1:(\d+)\/)/,
      timeoutMs: 60_000,
    });
    const port = Number(server.ready[2]);
    const own = `127.0.0.1:${port}`;
    /** One raw request (no client library to tidy it up), its answer held to carry no form of the key. */
    const ask = async (target: string, headers: Record<string, string> = {}, timeoutMs = 5_000) => {
      const lines = Object.entries({ Host: own, ...headers }).map(
        ([field, value]) => `${field}: ${value}\r\n`,
      );
      const answer = await sendRaw(port, {
        bytes: `GET ${target} HTTP/1.1\r\n${lines.join('')}Connection: close\r\n\r\n`,
        timeoutMs,
      });
      for (const form of echoedForms(key)) expect(answer.text).not.toContain(form);
      return answer;
    };
    const codeOf = (answer: { body: string }) =>
      (JSON.parse(answer.body) as { error: { code: string } }).error.code;
    try {
      // Refused before a call is spent: a rebinding site's Host, a page of another site (with Origin, or a no-cors
      // request with Sec-Fetch-Site only), an absolute-form target naming another host.
      const refused = [
        await ask('/cheapest', { Host: 'evil.example' }),
        await ask('/cheapest', { Origin: 'http://evil.example' }),
        await ask('/cheapest', { 'Sec-Fetch-Site': 'cross-site' }),
        await ask('http://evil.example/cheapest'),
        // The key-holding route beside it judges such a target the same way.
        await ask('http://evil.example/api/v1/instances/types'),
      ];
      const absoluteForm = name === 'hono' ? 403 : 400;
      expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, absoluteForm, absoluteForm]);
      expect(refused.map(codeOf)).toEqual([
        'host_not_allowed',
        'origin_not_allowed',
        'origin_not_allowed',
        ...Array(2).fill(name === 'hono' ? 'host_not_allowed' : 'malformed_request_target'),
      ]);
      expect(upstream.calls()).toBe(0);

      // An API that never answers: the endpoint's deadline, then 504. Asked now and awaited last, so the checks below
      // run while it hangs (the deadline's 10 s were idle wall time) and show the server serving beside it.
      const silent = ask('/cheapest?gpu_type=silent', {}, endpointDeadlineMs + 20_000);
      // Awaited below; until then a rejection is not an unhandled one when a check before it fails first.
      silent.catch(() => undefined);

      // A query past Node's header limit is refused by the server itself; a malformed one is a query like any other.
      expect((await ask(`/cheapest?gpu_type=${'x'.repeat(20_000)}`)).status).toBe(431);
      expect((await ask('/cheapest?gpu_type=%E0%A4%A&gpu_type=%ZZ')).status).toBe(404);

      // An API that echoes the key: its status passes, no form of the key does (the checks inside ask).
      const failure = await ask('/cheapest?gpu_type=echo');
      expect(failure.status).toBe(500);
      expect(codeOf(failure)).toBe('upstream_error');
      const echoed = await ask('/cheapest?gpu_type=echo-ok');
      expect(echoed.status).toBe(200);
      expect(JSON.parse(echoed.body)).toMatchObject({ id: expect.stringContaining('[redacted]') });

      // An API that redirects: not followed (the request carries the key), a 502 naming where it pointed.
      const redirected = await ask('/cheapest?gpu_type=redirect');
      expect(redirected.status).toBe(502);
      expect(upstream.followed()).toBe(false);

      const silentAnswer = await silent;
      expect(silentAnswer.status).toBe(504);
      expect(codeOf(silentAnswer)).toBe('route_timeout');

      // And it keeps serving.
      expect((await ask('/cheapest?gpu_type=H100')).status).toBe(404);
    } finally {
      await server.stop();
      await upstream.close();
    }
    for (const form of echoedForms(key)) expect(server.output()).not.toContain(form);
  });
});
