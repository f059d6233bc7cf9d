import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { ExampleProject } from './exampleProject.ts';
import { copiedExamples } from './examples.ts';
import { chromiumForFile } from './fileChromium.ts';
import { freePort } from './freePort.ts';
import { expectKeylessPage } from './keylessPage.ts';
import { readmeCommand } from './readme.ts';
import { cheapestH100, exampleKey, simulatorEnv } from './simulator.ts';

/** The Vite examples (vite-react, -vue, -svelte, -solid, -angular): one page each, the same checks for each. */
const viteExamples = copiedExamples().filter((name) => name.startsWith('vite-'));

const chromium = chromiumForFile();
let project: ExampleProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

// The printed phase times are what each example adds to a CI run: read them, never assert on them.
const phases: string[] = [];
async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    phases.push(`${phase} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

it.each(viteExamples)(
  "%s: serves the page from Vite's dev server and from vite preview of the build, the key held by the route in Node",
  async (name) => {
    phases.length = 0;
    project = new ExampleProject(name, inject('registryUrl'));
    const copy = project;
    await timed('install', () => copy.install());
    const key = exampleKey(name);
    const env = simulatorEnv(key);
    const cheapest = await cheapestH100();

    await timed('dev', async () => {
      const dev = await copy.start(readmeCommand(name, /^npm run dev$/), {
        env: { ...env, PORT: String(await freePort()) },
        ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/,
        timeoutMs: 2 * 60_000,
      });
      try {
        await expectKeylessPage({
          browser: await chromium(),
          url: dev.ready[1] as string,
          key,
          cheapest,
          screenshot: `${name}-dev.png`,
        });
      } finally {
        await dev.stop();
      }
    });

    // The build runs with the key in its environment, as a CI build would: none of it may reach dist/.
    await timed('build', () =>
      copy.run(readmeCommand(name, /^npm run build$/), { env, timeoutMs: 4 * 60_000 }),
    );
    const assets = join(copy.dir, 'dist/assets');
    for (const file of readdirSync(assets))
      expect(readFileSync(join(assets, file), 'utf8')).not.toContain(key);

    await timed('preview', async () => {
      const preview = await copy.start(readmeCommand(name, /^npm start$/), {
        env: { ...env, PORT: String(await freePort()) },
        ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/,
        timeoutMs: 60_000,
      });
      try {
        await expectKeylessPage({
          browser: await chromium(),
          url: preview.ready[1] as string,
          key,
          cheapest,
          screenshot: `${name}-preview.png`,
        });
      } finally {
        await preview.stop();
      }
    });
    console.log(`[examples-check] ${name}: ${phases.join(', ')}`);
  },
);
