import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type JsonObject, type SpecModel, specModelOf } from '@inference-infra/types/spec-model';

// The suite reads the spec through the toolkit's one spec model, as the generators, the mock and the simulator do: the
// operations its checks are generated from are the ones the clients were generated from.
export {
  type HttpMethod,
  type JsonObject,
  type JsonSchema,
  jsonRequestBody,
  type SpecHeader,
  type SpecMediaType,
  type SpecOperation,
  type SpecParameter,
  type SpecResponse,
  type Surface,
} from '@inference-infra/types/spec-model';

/** The spec as the suite reads it: its operations, each by id, and a `$ref` resolver that answers pointers. */
export type ContractSpec = SpecModel;

/** The bundle `@inference-infra/types` ships, the one the suite checks against unless given another. */
export function bundledSpecPath(): string {
  return createRequire(import.meta.url).resolve('@inference-infra/types/openapi.json');
}

/** Reads a bundle's operations into the model the checks are generated from. */
export function contractSpecOf(document: JsonObject): ContractSpec {
  return specModelOf(document);
}

/** Reads the bundled spec (or another bundle) into the operation list the checks are generated from. */
export function loadContractSpec(specPath: string = bundledSpecPath()): ContractSpec {
  return contractSpecOf(JSON.parse(readFileSync(specPath, 'utf8')) as JsonObject);
}
