import { existsSync } from 'node:fs';
import {
  type JsonObject,
  jsonRequestBody,
  type SpecModel,
  type SpecOperation,
  specModelOf,
} from '../src/specModel/index.js';
import { keyEntriesOf } from '../src/specModel/sdkNames.js';
import type { SpecBundle } from './specBundle.js';

// What the query generators (query-core's options and keys, each framework's wrappers) need of one operation, read
// once from the spec model: the names, the TypeScript types of its parts, how the client is called, its JSDoc.

/** Where an operation's cache update is written by hand, `<operationId>.ts`: semantics the spec cannot say. */
const cacheUpdatesUrl = new URL('../../query-core/src/cacheUpdates/', import.meta.url);

export interface QueryOperation {
  operation: SpecOperation;
  operationId: string;
  /** PascalCase base of every name: `InstanceTypes`. */
  Name: string;
  /** camelCase base: `instanceTypes`. */
  name: string;
  kind: 'query' | 'mutation';
  paged: boolean;
  streamed: boolean;
  key: SpecOperation['sdk']['key'];
  /** The key entries in the group: its own, then `infinite` or `stream`. */
  keyEntries: string[];
  /** A query's parameters object (path and query parameters together), or undefined when it takes none. */
  paramsType?: string;
  /** No required parameter: the parameters default to `{}`. */
  paramsOptional: boolean;
  pathNames: string[];
  queryNames: string[];
  /** The JSON body, as a mutation's variables take it (a streamed one's stream switches left out). */
  bodyType?: string;
  /** Body properties a streamed operation sets itself: `stream` and `stream_*` (`stream_options`). */
  streamSwitches: string[];
  responseType: string;
  /** The type of one event of the streamed answer. */
  chunkType?: string;
  /** A hand-written cache update in query-core's `cacheUpdates/<operationId>.ts`: its builder then takes the QueryClient. */
  cacheUpdate: boolean;
  /** The JSDoc lines (without the comment marks) from the spec's summary and description. */
  doc: string[];
}

const identifier = /^[A-Za-z_$][\w$]*$/;
const componentPrefix = '#/components/schemas/';

/** The spec's summary and description as JSDoc lines; `*\/` cannot end the comment early. */
function docOf(operation: SpecOperation): string[] {
  const text = [operation.summary ? `${operation.summary}.` : '', operation.description?.trim() ?? '']
    .filter(Boolean)
    .join('\n\n');
  return text.replaceAll('*/', '*\\/').split('\n');
}

/**
 * The component schema an event schema is: named by its pointer, or (the bundler inlines what an extension refers to)
 * the component with the same contents.
 */
function componentOf(model: SpecModel, pointer: string): string | undefined {
  if (pointer.startsWith(componentPrefix)) return pointer.slice(componentPrefix.length);
  const inline = JSON.stringify(model.resolve(pointer).value);
  const schemas = ((model.document.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  return Object.keys(schemas).find((name) => JSON.stringify(schemas[name]) === inline);
}

/** The generator's facts of every operation of the spec, in the spec's order. */
export function queryOperationsOf(bundle: SpecBundle): QueryOperation[] {
  const model = specModelOf(bundle.document);
  return model.operations.map((operation) => {
    const { operationId, sdk } = operation;
    const id = JSON.stringify(operationId).replaceAll('"', "'");
    const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    for (const parameter of [...pathNames, ...queryNames]) {
      if (!identifier.test(parameter)) {
        throw new Error(
          `spec: parameter "${parameter}" of ${operationId} is not an identifier; the hooks destructure it`,
        );
      }
    }
    const parts = [
      ...(pathNames.length ? [`OperationPathParams<${id}>`] : []),
      ...(queryNames.length ? [`OperationQuery<${id}>`] : []),
    ];
    const body = jsonRequestBody(operation);
    const bodyProperties = Object.keys((body?.schema.properties as object | undefined) ?? {});
    const streamSwitches = sdk.streamed
      ? bodyProperties.filter((p) => p === 'stream' || p.startsWith('stream_'))
      : [];
    const bodyType = body
      ? streamSwitches.length
        ? `Omit<OperationBody<${id}>, ${streamSwitches.map((p) => `'${p}'`).join(' | ')}>`
        : `OperationBody<${id}>`
      : undefined;
    const eventPointer = operation.responses['200']?.content['text/event-stream']?.streamEventSchemaPointer;
    const eventComponent = eventPointer ? componentOf(model, eventPointer) : undefined;
    const chunkType =
      sdk.streamed && eventComponent ? `components['schemas']['${eventComponent}']` : undefined;
    if (sdk.streamed && !chunkType) {
      throw new Error(
        `spec: the stream event schema of ${operationId} must be a component (x-stream-event-schema)`,
      );
    }
    return {
      operation,
      operationId,
      Name: sdk.name,
      name: sdk.name.charAt(0).toLowerCase() + sdk.name.slice(1),
      kind: sdk.kind,
      paged: sdk.paged,
      streamed: sdk.streamed,
      key: sdk.key,
      keyEntries: keyEntriesOf(sdk),
      ...(parts.length ? { paramsType: parts.join(' & ') } : {}),
      paramsOptional: !operation.parameters.some((p) => (p.in === 'path' || p.in === 'query') && p.required),
      pathNames,
      queryNames,
      ...(bodyType ? { bodyType } : {}),
      streamSwitches,
      responseType: `OperationResponse<${id}>`,
      ...(chunkType ? { chunkType } : {}),
      cacheUpdate: existsSync(new URL(`${operationId}.ts`, cacheUpdatesUrl)),
      doc: docOf(operation),
    };
  });
}

/** A JSDoc comment of the operation's doc, then lines of the generator's own, indented by `indent`. */
export function jsDoc(lines: string[], indent = ''): string {
  return [
    `${indent}/**`,
    ...lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`),
    `${indent} */`,
  ].join('\n');
}

/**
 * The call of the fetch client's method: path parameters in order, then the query object, then the body, then the
 * call options: the client's convention (`client.storage.resize(id, body, options)`).
 */
export function clientCall(
  op: QueryOperation,
  args: { params?: string; query?: string; body?: string; options?: string },
): string {
  const list = [
    ...op.pathNames.map((name) => (args.params ? `${args.params}.${name}` : name)),
    ...(op.queryNames.length && args.query ? [args.query] : []),
    ...(op.bodyType && args.body ? [args.body] : []),
    ...(args.options ? [args.options] : []),
  ];
  return `client.${op.operation.sdk.method}(${list.join(', ')})`;
}

/** `import type { a, b } from 'x';` of those of `names` the generated `body` uses, or nothing when it uses none. */
export function importsUsed(names: string[], from: string, body: string, typeOnly = true): string {
  const used = names.filter((name) => new RegExp(`\\b${name.replace('type ', '')}\\b`).test(body));
  if (!used.length) return '';
  return `import ${typeOnly ? 'type ' : ''}{ ${used.join(', ')} } from '${from}';\n`;
}
