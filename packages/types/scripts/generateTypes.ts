import openapiTS, { astToString, NEVER, type OpenAPI3 } from 'openapi-typescript';
import { generatedHeader, type SpecBundle } from './specBundle.js';

/**
 * `src/openapi.gen.ts`: `paths`, `components` and `operations` as openapi-typescript writes them.
 *
 * `defaultNonNullable: false` because openapi-typescript 7 otherwise makes every property with a `default`
 * required, and request bodies would then demand `stream`, `response_format` and `encoding_format`, which the
 * spec makes optional (the server fills the default).
 */
export async function generateTypesSource(bundle: SpecBundle): Promise<string> {
  // openapi-typescript annotates the document it is given; a copy keeps the caller's untouched.
  const ast = await openapiTS(structuredClone(bundle.document) as OpenAPI3, {
    defaultNonNullable: false,
    silent: true,
    // A field the spec names only to refuse it (`not: {}`) is `never`: sending it does not compile.
    transform: (schema) =>
      'not' in schema && Object.keys(schema.not ?? {}).length === 0 ? NEVER : undefined,
  });
  return `${generatedHeader('openapi-typescript (scripts/generateTypes.ts)', bundle)}\n${astToString(ast)}`;
}
