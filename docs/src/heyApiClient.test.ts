import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strictTsconfig } from '@inference-infra/test-kit/strictTsconfig';
import { describe, expect, inject, it } from 'vitest';
import { tsxNodeFlags } from './test/runSample.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const workDir = fileURLToPath(new URL('../test-artifacts/hey-api/', import.meta.url));
const specPath = require.resolve('@inference-infra/spec/openapi.json');
const heyApiCli = join(dirname(require.resolve('@hey-api/openapi-ts/package.json')), 'bin', 'run.js');
// TypeScript 7's tsc (tools/typecheck): the same errors as 5.9's, in about a quarter of the CPU.
const tscCli = require.resolve('@inference-infra/typecheck/tsc-native');

/**
 * What a partner writes on top of the generated client. Each base address gets a client of its own: the generated
 * SDK takes one `baseUrl` per client, whereas the spec routes each path to its own server.
 */
const usage = `import { createClient } from './client/client/index.js';
import { createEmbeddings, listInstanceTypes, resizeVolume } from './client/sdk.gen.js';

const auth = process.env.INFERENCE_INFRA_API_KEY;
const inference = createClient({ baseUrl: process.env.INFERENCE_INFRA_BASE_URL, auth });
const platform = createClient({ baseUrl: process.env.INFERENCE_INFRA_PLATFORM_URL, auth });

const types = await listInstanceTypes({ client: platform, query: { gpu_type: 'H100' }, throwOnError: true });
const cheapest: number | undefined = types.data.data[0]?.hourly_rate;

const resized = await resizeVolume({ client: platform, path: { id: 'vol_training' }, body: { size_gb: 200 }, throwOnError: true });
const size: number = resized.data.data.sizeGb;

// @ts-expect-error size_gb is required by the spec, so the generated types refuse a body without it
await resizeVolume({ client: platform, path: { id: 'vol_training' }, body: {} });

const embeddings = await createEmbeddings({ client: inference, body: { model: 'bge-large-en-v1.5', input: 'hi' }, throwOnError: true });
console.log(JSON.stringify({ cheapest, size, dimensions: embeddings.data.data[0]?.embedding.length }));
`;

// The generated code itself is what is checked: nothing is skipped.
const tsconfig = strictTsconfig({ skipLibCheck: false }, ['client/**/*.ts', 'usage.ts']);

/** The lines @hey-api/openapi-ts prints on a clean run; any other line is a warning or an error about the spec. */
const progressLine =
  /^(@hey-api\/openapi-ts v[\d.]+|\[Job \d+\] (~ Generating\.\.\.|\s+\[\d+\] .+|✓ .+ · \d+ files · [\d.]+m?s))$/;

describe('the bundle in @hey-api/openapi-ts 0.99 (what partners who prefer it generate)', () => {
  it('generates a fetch client with no warning, under strict validation of the spec', async () => {
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
    const config = {
      input: specPath,
      output: join(workDir, 'client'),
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      // Fails the run on a spec problem (a duplicate operationId, a broken $ref) instead of generating around it.
      parser: { validate_EXPERIMENTAL: 'strict' },
      logs: { file: false },
    };
    await writeFile(join(workDir, 'openapi-ts.config.json'), JSON.stringify(config, null, 2));
    const { stdout, stderr } = await run(
      process.execPath,
      [heyApiCli, '-f', join(workDir, 'openapi-ts.config.json')],
      {
        cwd: workDir,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour code
    const lines = `${stdout}\n${stderr}`.replace(/\u001b\[[\d;]*m/g, '').split('\n');
    expect(lines.filter((line) => line.trim() !== '' && !progressLine.test(line))).toEqual([]);
  });

  it('type-checks the generated client and a partner program with tsc (strict), and the program runs', async () => {
    await writeFile(join(workDir, 'usage.ts'), usage);
    await writeFile(join(workDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const check = await run(process.execPath, [tscCli, '-p', workDir]).catch(
      (error: { stdout: string }) => error,
    );
    expect(check.stdout).toBe('');

    const { stdout } = await run(process.execPath, [...tsxNodeFlags, join(workDir, 'usage.ts')], {
      env: {
        ...process.env,
        INFERENCE_INFRA_API_KEY: 'ii_live_docs_hey_api',
        INFERENCE_INFRA_BASE_URL: inject('mockBaseUrl'),
        INFERENCE_INFRA_PLATFORM_URL: inject('mockPlatformUrl'),
      },
    });
    const result = JSON.parse(stdout);
    expect(result.cheapest).toBeGreaterThan(0);
    expect(result.size).toBe(200);
    expect(result.dimensions).toBeGreaterThan(0);
    // tsc over the whole generated client, its libraries unskipped (~20 s on a quiet 2-core machine), then the
    // program: past the suite's 60 s with both cores loaded, so the deadline is set from that work.
  }, 120_000);
});
