import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { ExampleProject } from './exampleProject.ts';
import { freePort } from './freePort.ts';
import { expectKeylessPage } from './keylessPage.ts';
import { readmeCommand } from './readme.ts';
import { cheapestH100, exampleKey, simulatorEnv } from './simulator.ts';

const name = 'vite-react';
let project: ExampleProject | undefined;
afterAll(() => project?.remove());

it("serves the page from Vite's dev server and from vite preview of the build, the key held by the route in Node", async () => {
  project = new ExampleProject(name, inject('registryUrl'));
  await project.install();
  const key = exampleKey(name);
  const env = simulatorEnv(key);
  const cheapest = await cheapestH100();

  const dev = await project.start(readmeCommand(name, /^npm run dev$/), {
    env: { ...env, PORT: String(await freePort()) },
    ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/,
    timeoutMs: 2 * 60_000,
  });
  try {
    await expectKeylessPage({ url: dev.ready[1] as string, key, cheapest, screenshot: 'vite-react-dev.png' });
  } finally {
    await dev.stop();
  }

  // The build runs with the key in its environment, as a CI build would: none of it may reach dist/.
  await project.run(readmeCommand(name, /^npm run build$/), { env, timeoutMs: 4 * 60_000 });
  const assets = join(project.dir, 'dist/assets');
  for (const file of readdirSync(assets)) expect(readFileSync(join(assets, file), 'utf8')).not.toContain(key);

  const preview = await project.start(readmeCommand(name, /^npm start$/), {
    env: { ...env, PORT: String(await freePort()) },
    ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/,
    timeoutMs: 60_000,
  });
  try {
    await expectKeylessPage({
      url: preview.ready[1] as string,
      key,
      cheapest,
      screenshot: 'vite-react-preview.png',
    });
  } finally {
    await preview.stop();
  }
});
