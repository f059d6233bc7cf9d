import { cpSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type RunResult, UserFolder } from '@inference-infra/test-kit/userFolder';
import { exampleDir } from './examples.ts';
import { type Lockfile, type Packument, staleInstallsOfOurs } from './installedBuild.ts';
import { commandsOf } from './readme.ts';

/** What a copy leaves behind, as a user copying the folder from a fresh clone would have none of it. */
const notCopied = new Set([
  'node_modules',
  'dist',
  '.next',
  'package-lock.json',
  'next-env.d.ts',
  'test-artifacts',
]);

/** An example copied whole into a user's folder outside the repository (see `UserFolder`), run as its README says. */
export class ExampleProject extends UserFolder {
  readonly name: string;
  private readonly registry: string;

  constructor(name: string, registryUrl: string) {
    super({ name: `example-${name}`, registryUrl });
    this.name = name;
    this.registry = registryUrl;
    cpSync(exampleDir(name), this.dir, {
      recursive: true,
      filter: (source) => !notCopied.has(basename(source)) && !source.endsWith('.tsbuildinfo'),
    });
  }

  /**
   * `npm install --registry ...` exactly as the example's README shows it, from the test's registry. npm is told to
   * prefer its cache (`prefer-offline`, as a user's npmrc may): without it, every package's metadata is asked of the
   * registry again, which asks the npm registry, for each example (half of a Vite example's install). Metadata is cached
   * by address, and an earlier run's registry may have had this run's port: so the lockfile's integrity of each of our
   * packages is held to what this run's registry holds, which is today's build.
   */
  async install(timeoutMs = 5 * 60_000): Promise<RunResult> {
    const line = commandsOf(this.name).find((command) => command.startsWith('npm install'));
    if (!line) throw new Error(`examples/${this.name}/README.md shows no npm install`);
    const result = await this.run(this.asRun(line), {
      timeoutMs,
      env: { npm_config_prefer_offline: 'true' },
    });
    await this.expectTodaysBuild();
    return result;
  }

  private async expectTodaysBuild(): Promise<void> {
    const lock = JSON.parse(readFileSync(join(this.dir, 'package-lock.json'), 'utf8')) as Lockfile;
    const stale = await staleInstallsOfOurs(lock, async (name) => {
      const answer = await fetch(new URL(name.replace('/', '%2f'), this.registry), {
        signal: AbortSignal.timeout(30_000),
      });
      if (!answer.ok) throw new Error(`the test registry answered ${answer.status} for ${name}`);
      return (await answer.json()) as Packument;
    });
    if (stale.length > 0) {
      throw new Error(
        `examples/${this.name} installed from npm's cache, not today's build:\n${stale.join('\n')}`,
      );
    }
  }
}
