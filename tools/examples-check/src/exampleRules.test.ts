import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { satisfies } from 'semver';
import { describe, expect, it } from 'vitest';
import { copiedExamples, exampleDir, manifestOf, workspaceExamples, workspaceVersions } from './examples.ts';
import { readmeBlocks } from './readme.ts';

const examples = copiedExamples();
const versions = workspaceVersions();

/** Every file of an example as it is in the repository (what a user copies), less what an install or build adds. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (['node_modules', 'dist', '.next'].includes(entry)) return [];
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

describe('the examples a user copies', () => {
  it('are the twelve projects of the issue, none of them a workspace package', () => {
    expect(examples).toEqual([
      'express',
      'hono',
      'mcp-client',
      'nextjs',
      'node-cjs',
      'node-esm',
      'partner-ci',
      'vite-angular',
      'vite-react',
      'vite-solid',
      'vite-svelte',
      'vite-vue',
    ]);
    // pnpm-workspace.yaml names the playground alone: `examples/*` would link every example to the workspace.
    expect(workspaceExamples()).toEqual(['playground']);
  });

  describe.each(examples)('examples/%s', (name) => {
    const dir = exampleDir(name);
    const manifest = manifestOf(dir);
    const files = sourceFiles(dir).map((file) => relative(dir, file));

    it('is a private package of its own, with no lockfile (npm resolves it from the registry)', () => {
      expect(manifest.name).toBe(`inference-infra-example-${name}`);
      expect(manifest.private).toBe(true);
      expect(manifest.scripts?.start ?? manifest.scripts?.test).toBeDefined();
      expect(
        files.filter((file) => /(^|\/)(package-lock\.json|pnpm-lock\.yaml|yarn\.lock)$/.test(file)),
      ).toEqual([]);
    });

    it("depends on our packages by caret ranges that admit the workspace's versions, and on the rest exactly or by caret", () => {
      const dependencies = { ...manifest.dependencies, ...manifest.devDependencies };
      const ours = Object.keys(dependencies).filter((dependency) =>
        dependency.startsWith('@inference-infra/'),
      );
      expect(ours.length).toBeGreaterThan(0);
      for (const [dependency, range] of Object.entries(dependencies)) {
        if (dependency.startsWith('@inference-infra/')) {
          const version = versions.get(dependency);
          expect(version, `${dependency} is a public package of the workspace`).toBeDefined();
          expect(range, dependency).toMatch(/^\^\d+\.\d+\.\d+$/);
          expect(satisfies(version ?? '', range), `${dependency}@${range} admits ${version}`).toBe(true);
        } else {
          expect(range, dependency).toMatch(/^\^?\d+\.\d+\.\d+$/);
        }
      }
    });

    it('imports nothing from the repository: no path out of its folder, no private package of ours', () => {
      for (const file of files.filter((path) => /\.(ts|tsx|mjs|cjs|js)$/.test(path))) {
        const source = readFileSync(join(dir, file), 'utf8');
        const specifiers = [
          ...source.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g),
        ].map((match) => match[1] as string);
        for (const specifier of specifiers) {
          if (specifier.startsWith('.')) {
            const target = resolve(dir, file, '..', specifier);
            expect(target.startsWith(`${dir}/`), `${file} imports ${specifier}`).toBe(true);
          } else if (specifier.startsWith('@inference-infra/')) {
            const packageName = specifier.split('/').slice(0, 2).join('/');
            expect(versions.has(packageName), `${file} imports ${specifier}`).toBe(true);
          }
        }
      }
    });

    it('has a tsconfig.json of its own where it holds TypeScript, extending nothing of the repository', () => {
      const typescript = files.some((file) => /\.tsx?$/.test(file));
      expect(existsSync(join(dir, 'tsconfig.json'))).toBe(
        typescript || manifest.devDependencies?.typescript !== undefined,
      );
      if (existsSync(join(dir, 'tsconfig.json'))) {
        expect(JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).extends).toBeUndefined();
      }
    });

    it('has a short README: the install from the local registry, the local mock, the variables that point elsewhere', () => {
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(40);
      const commands = readmeBlocks(name).filter((block) => block.lang === 'sh');
      expect(commands[0]?.value.split('\n')[0]).toMatch(
        /^npm install --registry http:\/\/127\.0\.0\.1:4873 /,
      );
      expect(readme).toContain('bash scripts/start.sh\n--registry');
      for (const text of [
        'http://127.0.0.1:4010/v1',
        'http://127.0.0.1:4011',
        'ii_live_mock',
        'INFERENCE_INFRA_API_KEY',
      ]) {
        expect(readme, text).toContain(text);
      }
    });
  });
});
