import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { defaultSpecPath } from '../startMockServer.js';

const spec = JSON.parse(readFileSync(defaultSpecPath(), 'utf8'));

const ajv = new Ajv2020.default({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema({ $id: 'spec.json', components: spec.components });

/** Checks a body against a component schema of the bundled spec with a JSON Schema 2020-12 validator. */
export function schemaErrors(componentName: string, body: unknown): string[] {
  // ajv keeps what it compiled by schema, so each component is compiled once however often it is checked.
  const validate = ajv.compile({ $ref: `spec.json#/components/schemas/${componentName}` });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
