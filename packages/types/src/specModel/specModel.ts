import {
  escapePointerToken,
  type JsonObject,
  pointerOf,
  type Resolved,
  resolvePointer,
} from './jsonPointer.js';
import { assertDistinctSdkNames, type SdkNames, sdkNamesOf } from './sdkNames.js';

export type JsonSchema = JsonObject;

/** The two base addresses of the API, by the server variable each path names: `{base_url}` and `{platform_url}`. */
export type Surface = 'inference' | 'platform';

export const httpMethods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface SpecParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  /** Pointer of the parameter's schema, after any `$ref`. */
  schemaPointer: string;
  schema: JsonSchema;
  /** `example`, or else the value of the first named example. */
  example: unknown;
}

export interface SpecMediaType {
  /** Pointer of the schema, after any `$ref`: a component's (`#/components/schemas/X`) or an inline one's. */
  schemaPointer: string;
  schema: JsonSchema;
  /** `example`, or else the value of the first named example: a known-good request or a reference answer. */
  example: unknown;
  /** Named examples' values, by name. */
  examples: Record<string, unknown>;
  /** Pointer of the schema of each event, for `text/event-stream` (`x-stream-event-schema`). */
  streamEventSchemaPointer?: string;
  /** The data of the last event of a stream (`x-stream-terminator`). */
  streamTerminator?: string;
}

export interface SpecHeader {
  required: boolean;
  schemaPointer: string;
  schema: JsonSchema;
}

export interface SpecResponse {
  status: string;
  content: Record<string, SpecMediaType>;
  /** By lower-case name. */
  headers: Record<string, SpecHeader>;
}

/** The one server an operation is sent to: its URL as the spec writes it, and that URL's variable and default. */
export interface SpecServer {
  /** `{base_url}` or `{platform_url}`. */
  url: string;
  variable: string;
  /** The variable's default address, e.g. `http://127.0.0.1:4010/v1`. */
  default: string;
  /** The default's path (`/v1`, or empty): what a server of this base address puts before the spec's paths. */
  basePath: string;
}

export interface SpecOperation {
  operationId: string;
  method: HttpMethod;
  /** The path as keyed in the spec: `/embeddings` (under `{base_url}`) or `/api/v1/storage/{id}`. */
  path: string;
  surface: Surface;
  server: SpecServer;
  summary?: string;
  /** The operation's `description`: with the summary, the JSDoc of every generated method, option and hook. */
  description?: string;
  tags: string[];
  /** `x-state-changing`: the call changes state or is billable. */
  stateChanging: boolean;
  /** The path item's and the operation's, references resolved; an operation's parameter replaces the item's. */
  parameters: SpecParameter[];
  requestBody?: { required: boolean; content: Record<string, SpecMediaType> };
  /** By status, in the spec's order. */
  responses: Record<string, SpecResponse>;
  /** What the packages call it and how they treat it: `x-sdk` over the naming rule (`sdkNames.ts`). */
  sdk: SdkNames;
}

/** The one reading of the bundled spec that generators, the mock, the simulator and the contract suite share. */
export interface SpecModel {
  document: JsonObject;
  operations: SpecOperation[];
  /** The operation of that id; an error naming it when the spec has none. */
  operation(operationId: string): SpecOperation;
  /** Follows `$ref`s from a pointer and answers the pointer and value it ends at. */
  resolve(pointer: string): Resolved;
}

const surfaceByServerVariable: Record<string, Surface> = { base_url: 'inference', platform_url: 'platform' };

/** The base address a path item's server names (`{base_url}...` or `{platform_url}...`). */
export function surfaceOfServerUrl(serverUrl: string): Surface | undefined {
  return surfaceByServerVariable[/^\{(\w+)\}/.exec(serverUrl)?.[1] ?? ''];
}

/**
 * The server of an operation, as OpenAPI picks it (the operation's `servers`, else its path's, else the document's),
 * which must be exactly one of the two base addresses, its URL exactly its variable: each call has one base address.
 */
function serverOf(operation: JsonObject, item: JsonObject, document: JsonObject, label: string): SpecServer {
  const servers = (operation.servers ?? item.servers ?? document.servers ?? []) as JsonObject[];
  const [server] = servers;
  const url = typeof server?.url === 'string' ? server.url : '';
  const variable = /^\{(\w+)\}$/.exec(url)?.[1] ?? '';
  const address = (server?.variables as Record<string, JsonObject> | undefined)?.[variable]?.default;
  if (servers.length !== 1 || !surfaceOfServerUrl(url) || typeof address !== 'string') {
    throw new Error(
      `spec: ${label} must name exactly one server, {base_url} or {platform_url} with a default, got ${servers.length === 1 ? `"${url}"` : `${servers.length} servers`}`,
    );
  }
  return { url, variable, default: address, basePath: new URL(address).pathname.replace(/\/+$/, '') };
}

/** The JSON request body of an operation (schema and example), where every check that sends a body starts. */
export function jsonRequestBody(operation: SpecOperation): SpecMediaType | undefined {
  return operation.requestBody?.content['application/json'];
}

/** The schema as a generator should name it: a `$ref` to the component it is, or the inline schema itself. */
export function schemaAsWritten(media: { schemaPointer: string; schema: JsonSchema }): JsonSchema {
  return media.schemaPointer.startsWith('#/components/schemas/')
    ? { $ref: media.schemaPointer }
    : media.schema;
}

function examplesOf(holder: JsonObject, resolve: SpecModel['resolve']) {
  const examples: Record<string, unknown> = {};
  for (const [name, example] of Object.entries((holder.examples as JsonObject | undefined) ?? {})) {
    const ref = (example as JsonObject).$ref;
    examples[name] = (typeof ref === 'string' ? resolve(ref).value : (example as JsonObject)).value;
  }
  return { examples, example: holder.example ?? Object.values(examples)[0] };
}

/** Reads a bundled OpenAPI 3.1 document (every `$ref` local) into its operations. */
export function specModelOf(document: JsonObject): SpecModel {
  const resolve = (pointer: string) => resolvePointer(document, pointer);

  const mediaTypes = (pointer: string, content: JsonObject | undefined): Record<string, SpecMediaType> => {
    const result: Record<string, SpecMediaType> = {};
    for (const [mediaType, raw] of Object.entries(content ?? {})) {
      const holder = raw as JsonObject;
      const mediaPointer = `${pointer}/${escapePointerToken(mediaType)}`;
      const schema = resolve(`${mediaPointer}/schema`);
      result[mediaType] = {
        schemaPointer: schema.pointer,
        schema: schema.value,
        ...examplesOf(holder, resolve),
        ...(holder['x-stream-event-schema']
          ? { streamEventSchemaPointer: resolve(`${mediaPointer}/x-stream-event-schema`).pointer }
          : {}),
        ...(typeof holder['x-stream-terminator'] === 'string'
          ? { streamTerminator: holder['x-stream-terminator'] }
          : {}),
      };
    }
    return result;
  };

  const parameterAt = (start: string): SpecParameter => {
    const { pointer, value } = resolve(start);
    const schema = resolve(`${pointer}/schema`);
    const { example } = examplesOf(value, resolve);
    return {
      name: value.name as string,
      in: value.in as SpecParameter['in'],
      required: value.required === true,
      ...(typeof value.description === 'string' ? { description: value.description } : {}),
      schemaPointer: schema.pointer,
      schema: schema.value,
      example,
    };
  };

  const responseAt = (start: string, status: string): SpecResponse => {
    const response = resolve(start);
    const headers: Record<string, SpecHeader> = {};
    for (const name of Object.keys((response.value.headers as JsonObject | undefined) ?? {})) {
      const header = resolve(`${response.pointer}/headers/${escapePointerToken(name)}`);
      const schema = resolve(`${header.pointer}/schema`);
      headers[name.toLowerCase()] = {
        required: header.value.required === true,
        schemaPointer: schema.pointer,
        schema: schema.value,
      };
    }
    const content = mediaTypes(
      `${response.pointer}/content`,
      response.value.content as JsonObject | undefined,
    );
    return { status, content, headers };
  };

  const operations: SpecOperation[] = [];
  for (const [path, rawItem] of Object.entries((document.paths as JsonObject | undefined) ?? {})) {
    const item = rawItem as JsonObject;
    for (const method of httpMethods) {
      const key = method.toLowerCase();
      const raw = item[key] as JsonObject | undefined;
      if (!raw) continue;
      if (typeof raw.operationId !== 'string') throw new Error(`spec: ${method} ${path} has no operationId`);
      const server = serverOf(raw, item, document, `${method} ${path}`);
      const operationPointer = pointerOf('paths', path, key);
      const byPlace = new Map<string, SpecParameter>();
      const itemParameters = (item.parameters as unknown[] | undefined) ?? [];
      const ownParameters = (raw.parameters as unknown[] | undefined) ?? [];
      for (const start of [
        ...itemParameters.map((_, i) => pointerOf('paths', path, 'parameters', String(i))),
        ...ownParameters.map((_, i) => `${operationPointer}/parameters/${i}`),
      ]) {
        const parameter = parameterAt(start);
        byPlace.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const body = raw.requestBody ? resolve(`${operationPointer}/requestBody`) : undefined;
      const responses: Record<string, SpecResponse> = {};
      for (const status of Object.keys((raw.responses as JsonObject | undefined) ?? {})) {
        responses[status] = responseAt(`${operationPointer}/responses/${status}`, status);
      }
      const parameters = [...byPlace.values()];
      const requestBody = body
        ? {
            required: body.value.required === true,
            content: mediaTypes(`${body.pointer}/content`, body.value.content as JsonObject | undefined),
          }
        : undefined;
      const okContent = responses['200']?.content ?? {};
      const okJson = okContent['application/json']?.schema;
      const bodySchema = requestBody?.content['application/json']?.schema;
      const sdk = sdkNamesOf(raw['x-sdk'], {
        operationId: raw.operationId,
        method,
        tags: (raw.tags as string[] | undefined) ?? [],
        queryParameterNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        answerHasMeta: Boolean((okJson?.properties as JsonObject | undefined)?.meta),
        answerStreams: Boolean(okContent['text/event-stream']?.streamEventSchemaPointer),
        bodyHasStreamFlag: (bodySchema?.properties as JsonObject | undefined)?.stream !== undefined,
      });
      operations.push({
        operationId: raw.operationId,
        method,
        path,
        surface: surfaceOfServerUrl(server.url) as Surface,
        server,
        ...(typeof raw.summary === 'string' ? { summary: raw.summary } : {}),
        ...(typeof raw.description === 'string' ? { description: raw.description.trimEnd() } : {}),
        tags: (raw.tags as string[] | undefined) ?? [],
        stateChanging: raw['x-state-changing'] === true,
        parameters,
        ...(requestBody ? { requestBody } : {}),
        responses,
        sdk,
      });
    }
  }

  assertDistinctSdkNames(operations);
  return {
    document,
    operations,
    operation(operationId) {
      const found = operations.find((operation) => operation.operationId === operationId);
      if (!found) throw new Error(`spec: no operation ${operationId}`);
      return found;
    },
    resolve,
  };
}
