import { afterAll, describe, expect, inject, it } from 'vitest';
import { ExampleProject } from './exampleProject.ts';
import { commandsOf, readmeCommand } from './readme.ts';
import { exampleKey, h100s, simulatorEnv } from './simulator.ts';

const projects: ExampleProject[] = [];
afterAll(async () => {
  await Promise.all(projects.map((project) => project.remove()));
});

/** The address the READMEs' curl lines name, where `npm start` listens by default. */
const readmeServer = 'http://127.0.0.1:3000/';

describe.each(['hono', 'express'])('examples/%s', (name) => {
  it("serves its own endpoint from the API and the key-holding route, answering the README's curl lines", async () => {
    const project = new ExampleProject(name, inject('registryUrl'));
    projects.push(project);
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
