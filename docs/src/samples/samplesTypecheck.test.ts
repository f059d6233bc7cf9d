import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strictTsconfig } from '@inference-infra/test-kit/strictTsconfig';
import { expect, it } from 'vitest';
import { specOperations } from '../specOperations.js';
import { type CodeSample, codeSamplesOf } from './codeSamples.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const spec = require('@inference-infra/spec/openapi.json');
const checkDir = fileURLToPath(new URL('../../test-artifacts/samples-typecheck/', import.meta.url));

/**
 * The settings a reader's strict TypeScript project would have: JSX for the React samples, decorators as Angular's
 * projects set them; Solid's JSX in a project of its own.
 */
const tsconfig = strictTsconfig({ jsx: 'react-jsx', skipLibCheck: true, experimentalDecorators: true }, [
  '*.ts',
  '*.tsx',
]);
const solidTsconfig = strictTsconfig({ jsx: 'preserve', jsxImportSource: 'solid-js', skipLibCheck: true }, [
  '*.tsx',
]);

/** The script of a single-file component (Vue, Svelte): what TypeScript checks of it; the markup is compiled apart. */
export function scriptOf(source: string): string {
  const script = /<script[^>]*>([\s\S]*?)<\/script>/.exec(source);
  if (!script?.[1]) throw new Error(`no <script> in the sample:\n${source}`);
  return script[1];
}

/** The file one sample is checked as, and in which project. */
function checkedFile(sample: CodeSample): { project: '.' | 'solid'; extension: string; source: string } {
  switch (sample.kind) {
    case 'react-hook':
      return { project: '.', extension: 'tsx', source: sample.source };
    case 'solid':
      return { project: 'solid', extension: 'tsx', source: sample.source };
    case 'vue':
    case 'svelte':
      return { project: '.', extension: 'ts', source: scriptOf(sample.source) };
    default:
      return { project: '.', extension: 'ts', source: sample.source };
  }
}

/**
 * `@types/react-dom` is not among the docs' dependencies; this is the one function of it the samples use, as React
 * 19's types declare it.
 */
const reactDomClient = `declare module 'react-dom/client' {
  import type { ReactNode } from 'react';
  export interface Root { render(children: ReactNode): void; unmount(): void }
  export function createRoot(container: Element | DocumentFragment): Root;
}
`;

it('type-checks every TypeScript sample (and the script of every component), as shown, with tsc --strict', async () => {
  await rm(checkDir, { recursive: true, force: true });
  await mkdir(join(checkDir, 'solid'), { recursive: true });
  for (const operation of specOperations(spec)) {
    for (const sample of codeSamplesOf(operation)) {
      if (sample.kind === 'curl') continue;
      const { project, extension, source } = checkedFile(sample);
      const name = `${operation.operationId}-${sample.kind}${sample.request.streamed ? '-stream' : ''}.${extension}`;
      await writeFile(join(checkDir, project, name), source);
    }
  }
  await writeFile(join(checkDir, 'react-dom-client.d.ts'), reactDomClient);
  await writeFile(join(checkDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  await writeFile(join(checkDir, 'solid', 'tsconfig.json'), JSON.stringify(solidTsconfig, null, 2));
  for (const project of [checkDir, join(checkDir, 'solid')]) {
    const check = await run(process.execPath, [
      require.resolve('@inference-infra/typecheck/tsc-native'),
      '-p',
      project,
    ]).catch((error: { stdout: string }) => error);
    expect(check.stdout, project).toBe('');
  }
}, 120_000);
