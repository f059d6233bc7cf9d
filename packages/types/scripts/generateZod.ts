import { specModelOf } from '../src/specModel/index.js';
import { componentPrefix, type JsonSchema } from './jsonSchema.js';
import { jsonBodyOf, jsonResponsesOf, parameterObjectSchema } from './operationParts.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';
import { type ExpressionContext, zodExpression } from './zodExpression.js';

// Names the module itself uses; a component called like one of them would shadow it.
const reserved = new Set([
  'z',
  'withMessage',
  'withPropertyCount',
  'schemas',
  'requestSchemas',
  'responseSchemas',
]);

export function referencedComponents(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedComponents(item, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(componentPrefix)) {
        found.add(value.slice(componentPrefix.length));
      } else if (!key.startsWith('x-')) {
        referencedComponents(value, found);
      }
    }
  }
  return found;
}

/** Component names with every dependency before its dependants (spec order otherwise), so no z.lazy is needed. */
export function dependencyOrder(components: Record<string, JsonSchema>): string[] {
  const ordered: string[] = [];
  const visiting: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.includes(name)) {
      throw new Error(
        `schemas refer to each other (${[...visiting, name].join(' → ')}); the generator needs z.lazy for that`,
      );
    }
    const schema = components[name];
    if (!schema) throw new Error(`$ref to the unknown schema ${name}`);
    visiting.push(name);
    for (const dependency of referencedComponents(schema)) visit(dependency);
    visiting.pop();
    ordered.push(name);
  };
  for (const name of Object.keys(components)) visit(name);
  return ordered;
}

const q = (value: unknown) => JSON.stringify(value);
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * Wraps a schema construction in an IIFE marked pure: zod's builder calls look like side effects to bundlers,
 * so without the mark an app that validates one request would ship every schema of the spec.
 */
const pure = (expression: string) => `/* @__PURE__ */ (() => ${expression})()`;

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
  const context: ExpressionContext = {
    document,
    helpersUsed: new Set(),
    constFor(ref) {
      const name = ref.startsWith(componentPrefix) ? ref.slice(componentPrefix.length) : '';
      if (!(name in components))
        throw new Error(`only references to component schemas are handled, not ${ref}`);
      return name;
    },
  };
  for (const name of Object.keys(components)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || reserved.has(name)) {
      throw new Error(`the component schema name ${name} cannot be a const of the generated module`);
    }
  }

  const declarations = dependencyOrder(components).map(
    (name) =>
      `const ${name} = ${pure(zodExpression(components[name] ?? {}, context, `components.schemas.${name}`))};\n`,
  );

  // Inline schemas of operations get a const of their own too, and the maps below name every const by `typeof`:
  // declaration files then print each zod type once instead of once per mention.
  const operationDeclarations: string[] = [];
  const constFor = (schema: JsonSchema, name: string, at: string): string => {
    const isBareReference = typeof schema.$ref === 'string' && Object.keys(schema).length === 1;
    if (isBareReference) return context.constFor(schema.$ref);
    operationDeclarations.push(`const ${name} = ${pure(zodExpression(schema, context, at))};\n`);
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

  const helperImports = [...context.helpersUsed].map(
    (helper) => `import { ${helper} } from './${helper}.js';\n`,
  );
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
