import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { ExampleProject } from './exampleProject.ts';
import { chromiumForFile } from './fileChromium.ts';
import { freePort } from './freePort.ts';
import { expectKeylessPage } from './keylessPage.ts';
import { readmeCommand } from './readme.ts';
import { cheapestH100, exampleKey, simulatorEnv } from './simulator.ts';

const name = 'nextjs';
const chromium = chromiumForFile();
let project: ExampleProject | undefined;
afterAll(() => project?.remove());

/** Every file under `dir`, for a search of what the build ships to browsers. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

it('builds with next build and serves the page with next start, the key held by the catch-all route handlers', async () => {
  project = new ExampleProject(name, inject('registryUrl'));
  await project.install();
  const key = exampleKey(name);
  const env = simulatorEnv(key);
  // The key in the build's environment too, as a CI build would have it: none of it may reach the browser's files.
  await project.run(readmeCommand(name, /^npm run build$/), { env, timeoutMs: 6 * 60_000 });
  for (const file of filesUnder(join(project.dir, '.next/static'))) {
    expect(readFileSync(file, 'utf8').includes(key), file).toBe(false);
  }

  const server = await project.start(readmeCommand(name, /^npm start$/), {
    env: { ...env, PORT: String(await freePort()) },
    ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: 2 * 60_000,
  });
  try {
    const url = `${server.ready[1]}/`;
    await expectKeylessPage({
      browser: await chromium(),
      url,
      key,
      cheapest: await cheapestH100(),
      screenshot: 'nextjs.png',
    });
  } finally {
    await server.stop();
  }
  expect(server.output()).not.toContain(key);
});
