import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function turboBuild(force: boolean) {
  const started = performance.now();
  const result = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', ...(force ? ['--force'] : [])], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`turbo build failed:\n${result.stdout}\n${result.stderr}`);
  const seconds = (performance.now() - started) / 1000;
  const cached = /Cached:\s+(\d+) cached, (\d+) total/.exec(result.stdout);
  return {
    seconds,
    cached: cached ? `${cached[1]}/${cached[2]} cached` : 'unknown',
    fullTurbo: /FULL TURBO/.test(result.stdout),
  };
}

/** A cold build (cache ignored) and then a warm one with no change, which should be a full cache hit. */
export function buildTimes() {
  const cold = turboBuild(true);
  const warm = turboBuild(false);
  return { cold, warm };
}
