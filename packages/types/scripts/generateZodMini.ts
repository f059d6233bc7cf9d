import { specModelOf } from '../src/specModel/index.js';
import {
  capitalized,
  componentConstFor,
  dependencyOrder,
  pure,
  referencedComponents,
} from './generatedModule.js';
import type { JsonSchema } from './jsonSchema.js';
import { jsonBodyOf, parameterObjectSchema } from './operationParts.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';
import { zodMiniDialect } from './zodDialects.js';
import { type WalkContext, type WalkHelper, zodSchemaExpression } from './zodSchemaWalk.js';

/** The component schemas a set of schemas needs, directly or through other components. */
function reachableComponents(roots: JsonSchema[], components: Record<string, JsonSchema>): Set<string> {
  const reached = new Set<string>();
  const pending = roots.flatMap((root) => [...referencedComponents(root)]);
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (reached.has(name)) continue;
    reached.add(name);
    pending.push(...referencedComponents(components[name] ?? {}));
  }
  return reached;
}

/**
 * `src/requestValidators.gen.ts`: each operation's path, query and body as zod mini schemas, for checking a request
 * before it is sent. Only what requests use is generated; the answers and the descriptions stay in the zod 3 set.
 */
export function generateZodMiniSource(bundle: SpecBundle): string {
  const { document } = bundle;
  const components: Record<string, JsonSchema> = document.components?.schemas ?? {};
  const helpersUsed = new Set<WalkHelper>();
  const context: WalkContext = { document, constFor: componentConstFor(components), helpersUsed };

  const parts: { id: string; part: string; schema: JsonSchema; name: string }[] = [];
  for (const operation of specModelOf(document).operations) {
    const id = operation.operationId;
    for (const location of ['path', 'query'] as const) {
      const schema = parameterObjectSchema(operation, location);
      if (schema) parts.push({ id, part: location, schema, name: `${id}${capitalized(location)}` });
    }
    const body = jsonBodyOf(operation);
    if (body) {
      if (!body.required) throw new Error(`${id}: an optional request body is not handled`);
      parts.push({ id, part: 'body', schema: body.schema, name: `${id}Body` });
    }
  }

  const needed = reachableComponents(
    parts.map((entry) => entry.schema),
    components,
  );
  const declarations = dependencyOrder(components)
    .filter((name) => needed.has(name))
    .map(
      (name) =>
        `const ${name} = ${pure(zodSchemaExpression(zodMiniDialect, components[name] ?? {}, context, `components.schemas.${name}`))};\n`,
    );
  const partConst = (entry: (typeof parts)[number]) => {
    const isBareReference = typeof entry.schema.$ref === 'string' && Object.keys(entry.schema).length === 1;
    return isBareReference ? context.constFor(entry.schema.$ref) : entry.name;
  };
  const partDeclarations = parts
    .filter((entry) => partConst(entry) === entry.name)
    .map(
      (entry) =>
        `const ${entry.name} = ${pure(zodSchemaExpression(zodMiniDialect, entry.schema, context, `${entry.id} ${entry.part}`))};\n`,
    );

  const operationIds = [...new Set(parts.map((entry) => entry.id))];
  const entriesOf = (id: string, line: (entry: (typeof parts)[number]) => string) =>
    parts
      .filter((entry) => entry.id === id)
      .map(line)
      .join('');
  return [
    generatedHeader('scripts/generateZodMini.ts', bundle),
    "import * as z from 'zod/v4/mini';\n",
    ...[...helpersUsed].map((helper) => `import { ${helper} } from './${helper}.js';\n`),
    '\n',
    ...[...declarations, ...partDeclarations].flatMap((declaration) => [declaration, '\n']),
    '/**\n',
    ' * What each operation sends, by operationId, as zod mini schemas: `path` and `query` (the parameters of that\n',
    ' * location as one object) and `body` (the JSON request body). A part the operation does not have is absent.\n',
    ' */\n',
    'export const requestValidators: {\n',
    ...operationIds.map(
      (id) =>
        `  ${id}: {\n${entriesOf(id, (entry) => `    ${entry.part}: typeof ${partConst(entry)};\n`)}  };\n`,
    ),
    '} = {\n',
    ...operationIds.map(
      (id) => `  ${id}: {\n${entriesOf(id, (entry) => `    ${entry.part}: ${partConst(entry)},\n`)}  },\n`,
    ),
    '};\n',
  ].join('');
}
