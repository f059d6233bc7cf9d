import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { type ClassifiedBlock, classifiedBlocks } from './classifiedBlocks.js';
import { matchesSample } from './outputSample.js';
import { runTypeScript } from './runTypeScript.js';
import { extensionOf, pointedAt, sourceOf } from './typescriptBlocks.js';

/** Apart from the type-check's folder, which that test empties when it starts. */
const runsDir = fileURLToPath(new URL('../test-artifacts/runs/', import.meta.url));
const mock = { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') };

const runnable = classifiedBlocks().filter(
  (block) => block.test.kind === 'typescript' && block.test.run === 'node',
);

/** The block right after `block` in its README: the sample of what it prints, when its entry says so. */
function blockBelow(block: ClassifiedBlock): ClassifiedBlock | undefined {
  return classifiedBlocks().find((other) => other.file === block.file && other.line > block.line);
}

rmSync(runsDir, { recursive: true, force: true });
mkdirSync(runsDir, { recursive: true });
// Written once, before any block runs: rewritten per block, it was empty for an instant while another block's Node
// read it ("Invalid package config").
writeFileSync(join(runsDir, 'package.json'), JSON.stringify({ type: 'module', private: true }));

describe('the TypeScript blocks that run on Node, against the simulator', () => {
  it.concurrent.each(runnable.map((block) => [`${block.file}:${block.line}`, block] as const))(
    '%s runs to its end',
    async (_name, block) => {
      // The environment a reader's shell has after `export INFERENCE_INFRA_API_KEY=...`: the blocks that read their
      // key and addresses from it (createClient() with no options) get the simulator's. Each run is a workspace of
      // its own (a key of its own), so no block's resize or ledger is seen by another.
      const stdout = await runTypeScript(
        pointedAt(
          `${sourceOf(block)}${block.test.kind === 'typescript' && block.test.run === 'node' ? (block.test.driver ?? '') : ''}`,
          mock,
        ),
        join(runsDir, `${block.slug}.${extensionOf(block)}`),
        {
          INFERENCE_INFRA_API_KEY: `ii_live_readme_${block.line}`,
          INFERENCE_INFRA_BASE_URL: mock.baseUrl,
          INFERENCE_INFRA_PLATFORM_URL: mock.platformUrl,
        },
      );
      if (block.test.kind === 'typescript' && block.test.run === 'node' && block.test.expectOutput) {
        expect(stdout).toMatch(block.test.expectOutput);
      }
      if (block.test.kind === 'typescript' && block.test.run === 'node' && block.test.printsBlockBelow) {
        const sample = blockBelow(block);
        expect(sample?.test, `the block after ${block.file}:${block.line}`).toEqual({
          kind: 'output',
          check: 'printed-by-the-block-above',
        });
        expect(matchesSample(sample?.value ?? '', stdout), `${sample?.file}:${sample?.line}`).toBeUndefined();
      }
    },
  );
});
