import { cpSync } from 'node:fs';
import { basename } from 'node:path';
import { type RunResult, UserFolder } from '@inference-infra/test-kit/userFolder';
import { exampleDir } from './examples.ts';
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

  constructor(name: string, registryUrl: string) {
    super({ name: `example-${name}`, registryUrl });
    this.name = name;
    cpSync(exampleDir(name), this.dir, {
      recursive: true,
      filter: (source) => !notCopied.has(basename(source)) && !source.endsWith('.tsbuildinfo'),
    });
  }

  /**
   * `npm install --registry ...` exactly as the example's README shows it, from the test's registry and npm's cache
   * (see `UserFolder`), then our packages held to today's build.
   */
  async install(timeoutMs = 5 * 60_000): Promise<RunResult> {
    const line = commandsOf(this.name).find((command) => command.startsWith('npm install'));
    if (!line) throw new Error(`examples/${this.name}/README.md shows no npm install`);
    const result = await this.run(this.asRun(line), { timeoutMs });
    await this.expectTodaysBuild();
    return result;
  }
}
