import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strictTsconfig } from '@inference-infra/test-kit/strictTsconfig';
import { expect, it } from 'vitest';
import { specOperations } from '../specOperations.js';
import { codeSamplesOf } from './codeSamples.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const spec = require('@inference-infra/spec/openapi.json');
const checkDir = fileURLToPath(new URL('../../test-artifacts/samples-typecheck/', import.meta.url));

/** The settings a reader's strict TypeScript project would have, JSX for the hook samples. */
const tsconfig = strictTsconfig({ jsx: 'react-jsx', skipLibCheck: true }, ['*.ts', '*.tsx']);

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

it('type-checks every TypeScript sample, as shown, with tsc --strict', async () => {
  await rm(checkDir, { recursive: true, force: true });
  await mkdir(checkDir, { recursive: true });
  for (const operation of specOperations(spec)) {
    for (const sample of codeSamplesOf(operation)) {
      if (sample.kind === 'curl') continue;
      const extension = sample.kind === 'react-hook' ? 'tsx' : 'ts';
      const name = `${operation.operationId}-${sample.kind}${sample.request.streamed ? '-stream' : ''}.${extension}`;
      await writeFile(join(checkDir, name), sample.source);
    }
  }
  await writeFile(join(checkDir, 'react-dom-client.d.ts'), reactDomClient);
  await writeFile(join(checkDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const check = await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', checkDir]).catch(
    (error: { stdout: string }) => error,
  );
  expect(check.stdout).toBe('');
});
