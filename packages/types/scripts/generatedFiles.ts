import { readFileSync } from 'node:fs';
import { generateQueryAdapterFiles } from './generateQueryAdapters.js';
import { generateQueryKeysSource, generateQueryOptionsSource } from './generateQueryCore.js';
import { generateResourcesSource } from './generateResources.js';
import { generateErrorStatusSource, generateRoutesSource } from './generateRoutes.js';
import { generateTypesSource } from './generateTypes.js';
import { generateZodSource } from './generateZod.js';
import { generateZodMiniSource } from './generateZodMini.js';
import { generateCommand, type SpecBundle } from './specBundle.js';

export interface GeneratedFile {
  /** Path from this package: its own `src/...`, or a sibling's (`../fetch-client/src/...`). */
  path: string;
  contents: string;
}

const packageUrl = new URL('../', import.meta.url);

/**
 * Every generated file of the toolkit, computed in memory from one spec bundle: the CLI writes them, the one drift
 * test compares them. The fetch client's tables are here too, so one pipeline in one language writes them all.
 */
export async function generatedFiles(bundle: SpecBundle): Promise<GeneratedFile[]> {
  return [
    { path: 'src/openapi.gen.ts', contents: await generateTypesSource(bundle) },
    { path: 'src/zod.gen.ts', contents: generateZodSource(bundle) },
    { path: 'src/requestValidators.gen.ts', contents: generateZodMiniSource(bundle) },
    { path: '../fetch-client/src/internal/routes.gen.ts', contents: generateRoutesSource(bundle) },
    { path: '../fetch-client/src/internal/errorStatus.gen.ts', contents: generateErrorStatusSource(bundle) },
    { path: '../fetch-client/src/resources/resources.gen.ts', contents: generateResourcesSource(bundle) },
    { path: '../query-core/src/queryKeys.gen.ts', contents: generateQueryKeysSource(bundle) },
    { path: '../query-core/src/queryOptions.gen.ts', contents: generateQueryOptionsSource(bundle) },
    ...generateQueryAdapterFiles(bundle),
  ];
}

function committedContents(path: string): string | undefined {
  try {
    return readFileSync(new URL(path, packageUrl), 'utf8');
  } catch {
    return undefined;
  }
}

/** The generated files whose committed contents differ from what the generator writes from this bundle. */
export async function staleGeneratedFiles(bundle: SpecBundle): Promise<string[]> {
  const files = await generatedFiles(bundle);
  return files.filter((file) => committedContents(file.path) !== file.contents).map((file) => file.path);
}

/** What the drift test prints when files are stale: which ones, and the one command that fixes them. */
export function staleFilesMessage(stale: string[], bundle: SpecBundle): string {
  return [
    `${stale.join(' and ')} ${stale.length === 1 ? 'does' : 'do'} not match the spec bundle (sha256 ${bundle.sha256}).`,
    `Regenerate with: ${generateCommand}`,
    'then review and commit the diff of the generated files.',
  ].join('\n');
}
