import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { classifiedBlocks } from './classifiedBlocks.js';
import { pointedAt, sourceOf, writeBlock } from './typescriptBlocks.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** Apart from the type-check's folder, which that test empties when it starts. */
const runsDir = fileURLToPath(new URL('../test-artifacts/runs/', import.meta.url));
const mock = { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') };

const runnable = classifiedBlocks().filter(
  (block) => block.test.kind === 'typescript' && block.test.run === 'node',
);

rmSync(runsDir, { recursive: true, force: true });

describe('the TypeScript blocks that run on Node, against the simulator', () => {
  it.each(runnable.map((block) => [`${block.file}:${block.line}`, block] as const))(
    '%s runs to its end',
    async (_name, block) => {
      const file = writeBlock(block, pointedAt(sourceOf(block), mock), runsDir);
      writeFileSync(join(runsDir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
      // The environment a reader's shell has after `export INFERENCE_INFRA_API_KEY=...`: the blocks that read their
      // key and addresses from it (createClient() with no options) get the simulator's. Each run is a workspace of
      // its own (a key of its own), so no block's resize or ledger is seen by another.
      const { stdout } = await run(process.execPath, [require.resolve('tsx/cli'), file], {
        timeout: 30_000,
        env: {
          PATH: process.env.PATH,
          INFERENCE_INFRA_API_KEY: `ii_live_readme_${block.line}`,
          INFERENCE_INFRA_BASE_URL: mock.baseUrl,
          INFERENCE_INFRA_PLATFORM_URL: mock.platformUrl,
        },
      });
      if (block.test.kind === 'typescript' && block.test.run === 'node' && block.test.expectOutput) {
        expect(stdout).toMatch(block.test.expectOutput);
      }
    },
  );
});
