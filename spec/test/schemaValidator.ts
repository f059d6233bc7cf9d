import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Json } from './loadBundle.js';

/**
 * A JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1) that knows the whole bundle, so
 * `#/components/schemas/...` references resolve. OpenAPI keywords that are not JSON Schema (`example`,
 * `x-*` extensions, and `components`, which holds the bundle) are declared as annotations instead of switching
 * strict mode off.
 */
export function createSchemaValidator(doc: Json) {
  const extensionKeywords = new Set<string>([
    'components',
    'example',
    'discriminator',
    'xml',
    'externalDocs',
  ]);
  JSON.stringify(doc, (key, value) => {
    if (key.startsWith('x-')) extensionKeywords.add(key);
    return value;
  });
  const ajv = new Ajv2020.default({ allErrors: true, strict: true, strictRequired: false });
  addFormats.default(ajv);
  for (const keyword of extensionKeywords) ajv.addKeyword({ keyword });
  ajv.addSchema({ $id: 'openapi.json', components: doc.components }, 'openapi.json');

  return function validate(schema: Json, value: unknown): string[] {
    const check = ajv.compile({ $ref: undefined, ...rebase(schema) });
    return check(value)
      ? []
      : (check.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
}

/** Points local references of an inline schema at the registered bundle. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi.json#/'));
}
