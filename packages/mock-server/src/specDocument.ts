import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { specModelOf } from '@inference-infra/types/spec-model';
import { SimulatorOptionError } from './simulator/simulatorOptions.js';

export function defaultSpecPath(): string {
  return createRequire(import.meta.url).resolve('@inference-infra/types/openapi.json');
}

/**
 * The document at `specPath` as the spec model, or an error naming the option and what is wrong with the file (it
 * cannot be read, is not JSON, is not an OpenAPI document of this shape) instead of a stack from deep inside.
 */
export async function readSpecModel(specPath: string) {
  const document = await readSpecDocument(specPath);
  try {
    return specModelOf(document as Parameters<typeof specModelOf>[0]);
  } catch (error) {
    throw new SimulatorOptionError(
      `specPath must be a bundled OpenAPI document: ${specPath} is not one this mock can serve (${(error as Error).message})`,
    );
  }
}

/** The JSON document at `specPath`, or an error naming the option and why it cannot be read. */
export async function readSpecDocument(specPath: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(specPath, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SimulatorOptionError(`specPath cannot be read: ${specPath} (${reason})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SimulatorOptionError(
      `specPath must be a bundled OpenAPI document in JSON: ${specPath} is not JSON (${(error as Error).message})`,
    );
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new SimulatorOptionError(
      `specPath must be a bundled OpenAPI document: ${specPath} holds no JSON object`,
    );
  return document as Record<string, unknown>;
}
