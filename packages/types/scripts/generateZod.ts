import { specModelOf } from '../src/specModel/index.js';
import { capitalized, componentConstFor, dependencyOrder, pure } from './generatedModule.js';
import type { JsonSchema } from './jsonSchema.js';
import { jsonBodyOf, jsonResponsesOf, parameterObjectSchema } from './operationParts.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';
import { zod3Dialect } from './zodDialects.js';
import { type WalkContext, type WalkHelper, zodSchemaExpression } from './zodSchemaWalk.js';

// Names the module itself uses; a component called like one of them would shadow it.
const reserved = new Set([
  'z',
  'withMessage',
  'withPropertyCount',
  'schemas',
  'requestSchemas',
  'responseSchemas',
]);

const q = (value: unknown) => JSON.stringify(value);

/** One operation's entry of a map, as a type (`typeof` each const) and as a value. */
interface MapEntry {
  type: string;
  value: string;
}

function mapEntry(key: string, parts: [string, string][]): MapEntry {
  return {
    type: `  ${key}: {\n${parts.map(([part, name]) => `    ${part}: typeof ${name};\n`).join('')}  };\n`,
    value: `  ${key}: {\n${parts.map(([part, name]) => `    ${part}: ${name},\n`).join('')}  },\n`,
  };
}

function annotatedMap(name: string, types: string[], values: string[]): string[] {
  return [`export const ${name}: {\n`, ...types, '} = {\n', ...values, '};\n'];
}

/** `src/zod.gen.ts`: one zod schema per component schema, and each operation's path, query, body and answers. */
export function generateZodSource(bundle: SpecBundle): string {
  const { document } = bundle;
  const components: Record<string, JsonSchema> = document.components?.schemas ?? {};
  const helpersUsed = new Set<WalkHelper>();
  const context: WalkContext = { document, constFor: componentConstFor(components), helpersUsed };
  for (const name of Object.keys(components)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || reserved.has(name)) {
      throw new Error(`the component schema name ${name} cannot be a const of the generated module`);
    }
  }

  const declarations = dependencyOrder(components).map(
    (name) =>
      `const ${name} = ${pure(zodSchemaExpression(zod3Dialect, components[name] ?? {}, context, `components.schemas.${name}`))};\n`,
  );

  // Inline schemas of operations get a const of their own too, and the maps below name every const by `typeof`:
  // declaration files then print each zod type once instead of once per mention.
  const operationDeclarations: string[] = [];
  const constFor = (schema: JsonSchema, name: string, at: string): string => {
    const isBareReference = typeof schema.$ref === 'string' && Object.keys(schema).length === 1;
    if (isBareReference) return context.constFor(schema.$ref);
    operationDeclarations.push(
      `const ${name} = ${pure(zodSchemaExpression(zod3Dialect, schema, context, at))};\n`,
    );
    return name;
  };
  const requestEntries: MapEntry[] = [];
  const responseEntries: MapEntry[] = [];
  for (const operation of specModelOf(document).operations) {
    const id = operation.operationId;
    const parts: [string, string][] = [];
    for (const location of ['path', 'query'] as const) {
      const schema = parameterObjectSchema(operation, location);
      if (schema)
        parts.push([location, constFor(schema, `${id}${capitalized(location)}`, `${id} ${location}`)]);
    }
    const body = jsonBodyOf(operation);
    if (body) {
      if (!body.required) throw new Error(`${id}: an optional request body is not handled`);
      parts.push(['body', constFor(body.schema, `${id}Body`, `${id} body`)]);
    }
    requestEntries.push(mapEntry(id, parts));
    const answers = jsonResponsesOf(operation).map(([status, schema]): [string, string] => [
      q(status),
      constFor(schema, `${id}Response${status}`, `${id} ${status}`),
    ]);
    responseEntries.push(mapEntry(id, answers));
  }

  const helperImports = [...helpersUsed].map((helper) => `import { ${helper} } from './${helper}.js';\n`);
  return [
    generatedHeader('scripts/generateZod.ts', bundle),
    "import { z } from 'zod';\n",
    "import { withMessage } from './withMessage.js';\n",
    ...helperImports,
    '\n',
    ...declarations.flatMap((declaration) => [declaration, '\n']),
    ...operationDeclarations.flatMap((declaration) => [declaration, '\n']),
    '/** One zod schema per component schema of the spec, by name. */\n',
    ...annotatedMap(
      'schemas',
      Object.keys(components).map((name) => `  ${name}: typeof ${name};\n`),
      Object.keys(components).map((name) => `  ${name},\n`),
    ),
    '\n',
    '/**\n',
    ' * What each operation sends, by operationId: `path` and `query` (the parameters of that location as one object)\n',
    ' * and `body` (the JSON request body). A part the operation does not have is absent.\n',
    ' */\n',
    ...annotatedMap(
      'requestSchemas',
      requestEntries.map((entry) => entry.type),
      requestEntries.map((entry) => entry.value),
    ),
    '\n',
    '/** What each operation answers with a JSON body, by operationId and status. */\n',
    ...annotatedMap(
      'responseSchemas',
      responseEntries.map((entry) => entry.type),
      responseEntries.map((entry) => entry.value),
    ),
  ].join('');
}
