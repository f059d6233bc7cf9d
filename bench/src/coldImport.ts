import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Summary, summarize } from './stats.js';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** A whole process that imports a client and creates it; bare `node` is the baseline. */
const programs: Record<string, string> = {
  'bare node': '',
  ours: `import { createClient } from '@inference-infra/fetch-client'; createClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1' });`,
  'ours core': `import { createClient } from '@inference-infra/fetch-client/core'; createClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1' });`,
  'openapi-fetch bare': `import createClient from 'openapi-fetch'; createClient({ baseUrl: 'http://127.0.0.1:9/v1' });`,
  openai: `import OpenAI from 'openai'; new OpenAI({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1' });`,
  'touching fetch': 'globalThis.fetch;',
};

function timeProcess(source: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], { cwd: benchDir });
  if (result.status !== 0) throw new Error(`cold import failed: ${result.stderr}`);
  return performance.now() - started;
}

/** Wall time of each program as a new process, interleaved, in ms. */
export function coldImport(rounds: number): Map<string, Summary> {
  const samples = new Map<string, number[]>(Object.keys(programs).map((name) => [name, []]));
  const names = Object.keys(programs);
  for (let round = 0; round < rounds + 1; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length] as string;
      const ms = timeProcess(programs[name] as string);
      if (round > 0) samples.get(name)?.push(ms);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, summarize(values)]));
}
