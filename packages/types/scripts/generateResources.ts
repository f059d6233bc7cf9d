import { type JsonObject, type SpecModel, type SpecOperation, specModelOf } from '../src/specModel/index.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';

// The fetch client's resource objects (`client.instances.listTypes(...)`), one method per operation of the spec,
// named by the operation's `x-sdk` (or the naming rule) and typed by operationId, so nothing is written per operation.

const pascal = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const camel = (text: string) =>
  text.replace(/[^A-Za-z0-9_$]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());

/**
 * A resource's interface name: `instances` → `InstancesResource` at the top, nested ones by their whole path
 * (`chat.completions` → `ChatCompletions`), the names the client has always exported.
 */
export function resourceTypeName(path: string[]): string {
  return path.length === 1 ? `${pascal(path[0] as string)}Resource` : path.map(pascal).join('');
}

/** Text of a JSDoc block at `indent`, from lines; `*\/` in spec text cannot end the comment early. */
function jsDoc(lines: string[], indent: string): string {
  const safe = lines
    .flatMap((line) => line.split('\n'))
    .map((line) => line.replaceAll('*/', '*\\/').trimEnd());
  while (safe.at(-1) === '') safe.pop();
  return [
    `${indent}/**`,
    ...safe.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)),
    `${indent} */`,
  ].join('\n');
}

interface MethodParts {
  operation: SpecOperation;
  pathParams: string[];
  hasQuery: boolean;
  queryRequired: boolean;
  hasBody: boolean;
  bodyRequired: boolean;
  /** The component the stream's events are, for a streamed operation. */
  eventSchema?: string;
}

/**
 * The component a stream's events are. The bundler writes `x-stream-event-schema` inline (it does not keep `$ref`s
 * inside extensions), so the component is the one with the same schema.
 */
function eventComponentOf(model: SpecModel, operation: SpecOperation): string | undefined {
  const pointer = operation.responses['200']?.content['text/event-stream']?.streamEventSchemaPointer;
  if (!pointer) return undefined;
  const { pointer: resolved, value } = model.resolve(pointer);
  if (resolved.startsWith('#/components/schemas/')) return resolved.slice('#/components/schemas/'.length);
  const text = JSON.stringify(value);
  const schemas = ((model.document.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  return Object.keys(schemas).find((name) => JSON.stringify(schemas[name]) === text);
}

function partsOf(model: SpecModel, operation: SpecOperation): MethodParts {
  const pathParams = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  const eventSchema = eventComponentOf(model, operation);
  if (operation.sdk.streamed && !eventSchema) {
    throw new Error(`spec: the event schema of ${operation.operationId}'s stream must be a component schema`);
  }
  return {
    operation,
    pathParams,
    hasQuery: query.length > 0,
    queryRequired: query.some((parameter) => parameter.required),
    hasBody: Boolean(operation.requestBody?.content['application/json']),
    bodyRequired: operation.requestBody?.required === true,
    ...(eventSchema ? { eventSchema } : {}),
  };
}

/** The method's description: the spec's summary and description, then what the generated code does that they don't say. */
function docLines(parts: MethodParts): string[] {
  const { operation } = parts;
  const lines = [operation.summary ? `${operation.summary}.` : `${operation.method} ${operation.path}.`];
  if (operation.description) lines.push('', operation.description);
  if (operation.sdk.paged) {
    const example = `client.${operation.sdk.method}({ limit: 100 })`;
    lines.push(
      '',
      `One page when awaited; every item of every page when iterated: \`for await (const item of ${example})\`.`,
    );
  }
  lines.push('', `\`${operation.method} ${operation.path}\` (operation \`${operation.operationId}\`).`);
  return lines;
}

/** `(id: string, query?: Q, options?: CallOptions)`: path parameters in path order, then the query, then the body. */
function parameterList(parts: MethodParts, body: string, withDefaults: boolean): string {
  const id = `'${parts.operation.operationId}'`;
  const list = parts.pathParams.map((name) => `${camel(name)}: string`);
  if (parts.hasQuery) {
    const type = `OperationQuery<${id}>`;
    list.push(
      parts.queryRequired ? `query: ${type}` : withDefaults ? `query: ${type} = {}` : `query?: ${type}`,
    );
  }
  if (parts.hasBody) list.push(parts.bodyRequired ? `body: ${body}` : `body?: ${body}`);
  list.push('options?: CallOptions');
  return list.join(', ');
}

/** openapi-fetch's init for the call: `{ params: { path: { id }, query }, body }`. */
function callInit(parts: MethodParts, query = 'query'): string {
  const params: string[] = [];
  if (parts.pathParams.length > 0) {
    params.push(
      `path: { ${parts.pathParams.map((name) => (camel(name) === name ? name : `'${name}': ${camel(name)}`)).join(', ')} }`,
    );
  }
  if (parts.hasQuery) params.push(query === 'query' ? 'query' : `query: ${query}`);
  const init: string[] = [];
  if (params.length > 0) init.push(`params: { ${params.join(', ')} }`);
  if (parts.hasBody) init.push('body');
  return `{ ${init.join(', ')} }`;
}

function methodSignatures(parts: MethodParts, indent: string): string {
  const { operation } = parts;
  const id = `'${operation.operationId}'`;
  const name = operation.sdk.methodName;
  const answer = `WithRequestId<OperationResponse<${id}>>`;
  const doc = docLines(parts);
  if (operation.sdk.streamed) {
    const events = `EventStream<Schemas['${parts.eventSchema}']>`;
    const body = `OperationBody<${id}>`;
    return [
      jsDoc([...doc, '', 'The whole answer at once.'], indent),
      `${indent}${name}(${parameterList(parts, `${body} & { stream?: false | null }`, false)}): APIPromise<${answer}>;`,
      jsDoc(
        [...doc, '', 'The answer as it is generated: iterate the events; `abort()` or the signal ends it.'],
        indent,
      ),
      `${indent}${name}(${parameterList(parts, `${body} & { stream: true }`, false)}): APIPromise<${events}>;`,
      `${indent}${name}(${parameterList(parts, body, false)}): APIPromise<${answer} | ${events}>;`,
    ].join('\n');
  }
  const result = operation.sdk.paged ? `PagePromise<${answer}>` : `APIPromise<${answer}>`;
  return [
    jsDoc(doc, indent),
    `${indent}${name}(${parameterList(parts, `OperationBody<${id}>`, false)}): ${result};`,
  ].join('\n');
}

function methodImplementation(parts: MethodParts, resourceType: string, indent: string): string {
  const { operation } = parts;
  const id = `'${operation.operationId}'`;
  const name = operation.sdk.methodName;
  const route = `'${operation.method}', '${operation.path}'`;
  const parameters = parameterList(parts, `OperationBody<${id}>`, true);
  if (operation.sdk.streamed) {
    return [
      `${indent}${name}: ((${parameters}) =>`,
      `${indent}  body.stream === true`,
      `${indent}    ? streamedCall<Schemas['${parts.eventSchema}'], ${route}>(core, ${route}, ${callInit(parts)}, options)`,
      `${indent}    : core.call(${route}, ${callInit(parts)}, options)) as ${resourceType}['${name}'],`,
    ].join('\n');
  }
  if (operation.sdk.paged) {
    return [
      `${indent}${name}: (${parameters}) =>`,
      `${indent}  pagePromise(query, (pageQuery: OperationQuery<${id}>) =>`,
      `${indent}    core.call(${route}, ${callInit(parts, 'pageQuery')}, options),`,
      `${indent}  ),`,
    ].join('\n');
  }
  return `${indent}${name}: (${parameters}) => core.call(${route}, ${callInit(parts)}, options),`;
}

interface ResourceNode {
  path: string[];
  methods: MethodParts[];
  children: Map<string, ResourceNode>;
}

function resourceTree(model: SpecModel): ResourceNode {
  const root: ResourceNode = { path: [], methods: [], children: new Map() };
  for (const operation of model.operations) {
    let node = root;
    for (const segment of operation.sdk.resourcePath) {
      let child = node.children.get(segment);
      if (!child) {
        child = { path: [...node.path, segment], methods: [], children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.methods.push(partsOf(model, operation));
  }
  return root;
}

function allNodes(node: ResourceNode): ResourceNode[] {
  return [...node.children.values()].flatMap((child) => [child, ...allNodes(child)]);
}

function interfaceOf(node: ResourceNode): string {
  const members = [
    ...[...node.children.entries()].map(
      ([segment, child]) => `  ${segment}: ${resourceTypeName(child.path)};`,
    ),
    ...node.methods.map((parts) => methodSignatures(parts, '  ')),
  ];
  const name = node.path.length === 0 ? 'GeneratedResources' : resourceTypeName(node.path);
  const doc =
    node.path.length === 0
      ? "/** Every resource of the client, one per first segment of an operation's `x-sdk` method. */\n"
      : `/** \`client.${node.path.join('.')}\`. */\n`;
  return `${doc}export interface ${name} {\n${members.join('\n')}\n}`;
}

function objectOf(node: ResourceNode, indent: string): string {
  const type = node.path.length === 0 ? 'GeneratedResources' : resourceTypeName(node.path);
  const members = [
    ...[...node.children.entries()].map(
      ([segment, child]) => `${indent}  ${segment}: ${objectOf(child, `${indent}  `)},`,
    ),
    ...node.methods.map((parts) => methodImplementation(parts, type, `${indent}  `)),
  ];
  return `{\n${members.join('\n')}\n${indent}}`;
}

/** `src/resources/resources.gen.ts` of the fetch client. */
export function generateResourcesSource(bundle: SpecBundle): string {
  const tree = resourceTree(specModelOf(bundle.document));
  const uses = (test: (parts: MethodParts) => boolean) =>
    allNodes(tree).some((node) => node.methods.some(test));
  const streamed = uses((parts) => parts.operation.sdk.streamed);
  const paged = uses((parts) => parts.operation.sdk.paged);
  const plain = uses((parts) => !parts.operation.sdk.paged);
  const typesUsed = ['OperationResponse'];
  if (uses((parts) => parts.hasBody)) typesUsed.push('OperationBody');
  if (uses((parts) => parts.hasQuery)) typesUsed.push('OperationQuery');
  if (streamed) typesUsed.push('components');
  const imports = [
    `import type { ${typesUsed.sort().join(', ')} } from '@inference-infra/types';`,
    ...(plain || streamed ? [`import type { APIPromise } from '../apiPromise.js';`] : []),
    ...(streamed ? [`import type { EventStream } from '../eventStream.js';`] : []),
    `import type { CallOptions } from '../internal/callOptions.js';`,
    `import type { CallPipeline } from '../internal/callPipeline.js';`,
    ...(streamed ? [`import { streamedCall } from '../internal/streamedCall.js';`] : []),
    `import type { WithRequestId } from '../internal/withRequestId.js';`,
    ...(paged ? [`import { type PagePromise, pagePromise } from '../pagination.js';`] : []),
  ];
  return `${generatedHeader('@inference-infra/types scripts/generateResources.ts', bundle)}
${imports.join('\n')}
${streamed ? "\ntype Schemas = components['schemas'];\n" : ''}
${[tree, ...allNodes(tree)].map(interfaceOf).join('\n\n')}

/** The resource objects of one client, each method one call of its request pipeline. */
export function generatedResources(core: CallPipeline): GeneratedResources {
  return ${objectOf(tree, '  ')};
}
`;
}
