import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { startSummary } from '../../../scripts/startSummary.mjs';

const run = promisify(execFile);

it("ends start.sh's summary with the one export line that points every client at the mock it started", async () => {
  const where = {
    baseUrl: 'http://127.0.0.1:5010/v1',
    platformUrl: 'http://127.0.0.1:5011',
    docs: 5012,
    playground: 5013,
    demoKey: 'ii_live_mock',
  };
  const summary: string = startSummary(where);
  const line = summary.split('\n').find((text) => text.trim().startsWith('export '));
  expect(line).toBeDefined();
  // As a reader's shell runs the line: the three variables the fetch client, the MCP server and the contract CLI read.
  const { stdout } = await run('/bin/sh', ['-c', `${line}; env`], { env: { PATH: '/usr/bin:/bin' } });
  const set = Object.fromEntries(stdout.split('\n').map((text) => text.split(/=(.*)/s).slice(0, 2)));
  expect(set).toMatchObject({
    INFERENCE_INFRA_API_KEY: 'ii_live_mock',
    INFERENCE_INFRA_BASE_URL: where.baseUrl,
    INFERENCE_INFRA_PLATFORM_URL: where.platformUrl,
  });
});
