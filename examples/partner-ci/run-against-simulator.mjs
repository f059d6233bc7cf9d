// `npm test`: the CI job (`npm run contract`) against the simulator instead of a deployment. Starts
// inference-infra-mock on free ports, taking only the demo key as a deployment takes only its own, points the job's
// three variables at it, and exits with the suite's code (0: every executed check held). The simulator is thrown away
// at the end, so the run also makes the state-changing and billable calls, on its seeded volume vol_training (100 GB).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const demoKey = 'ii_live_mock';
const mutations = [
  '--allow-mutations',
  '--volume-id',
  'vol_training',
  '--volume-size',
  '100',
  '--allow-bound-resizes',
];

/** The installed mock's command, run with this Node (no shell, no PATH lookup). */
function mockCommand() {
  const manifestPath = require.resolve('@inference-infra/mock-server/package.json');
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), bin['inference-infra-mock']);
}

/** Resolves with the two base addresses once the mock prints them; rejects if it stops or stays silent for a minute. */
function addressesOf(mock) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the mock printed no addresses within 60 s:\n${output}`)),
      60_000,
    );
    mock.stdout.on('data', (chunk) => {
      output += chunk;
      const baseUrl = output.match(/Inference base address.*?(http:\/\/\S+)/)?.[1];
      const platformUrl = output.match(/Platform base address:\s+(http:\/\/\S+)/)?.[1];
      if (baseUrl && platformUrl) {
        clearTimeout(timer);
        resolve({ baseUrl, platformUrl });
      }
    });
    mock.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the mock stopped (exit ${code}) before it listened:\n${output}`));
    });
  });
}

const mock = spawn(
  process.execPath,
  [mockCommand(), '--port', '0', '--platform-port', '0', '--key', demoKey],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let code = 1;
try {
  const { baseUrl, platformUrl } = await addressesOf(mock);
  console.log(`simulator: ${baseUrl} and ${platformUrl}`);
  // npm_execpath is the npm running this script; a plain `npm` otherwise.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const suite = spawn(npm[0], [...npm.slice(1), 'run', 'contract', '--', ...mutations], {
    stdio: 'inherit',
    env: {
      ...process.env,
      INFERENCE_INFRA_BASE_URL: baseUrl,
      INFERENCE_INFRA_PLATFORM_URL: platformUrl,
      INFERENCE_INFRA_API_KEY: demoKey,
    },
  });
  code = await new Promise((resolve) => suite.once('exit', (exitCode) => resolve(exitCode ?? 1)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  mock.kill('SIGTERM');
}
process.exitCode = code;
