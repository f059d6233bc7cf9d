import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The parts of an OpenAPI 3.1 document the suite reads; everything else passes through untyped. */
export type JsonObject = Record<string, unknown>;
export type JsonSchema = JsonObject;

export type Surface = 'inference' | 'platform';
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface SpecParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  /** JSON pointer (in the bundle) of the parameter's schema. */
  schemaPointer: string;
  schema: JsonSchema;
  example: unknown;
}

export interface SpecMediaType {
  /** JSON pointer of the schema of this media type. */
  schemaPointer: string;
  schema: JsonSchema;
  /** The value of the first named example (or `example`), used as a known-good request or a reference answer. */
  example: unknown;
  /** Named examples, by name. */
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
  headers: Record<string, SpecHeader>;
}

export interface SpecOperation {
  operationId: string;
  method: HttpMethod;
  /** The path as keyed in the spec: `/embeddings` (under `{base_url}`) or `/api/v1/storage/{id}`. */
  path: string;
  surface: Surface;
  tags: string[];
  /** `x-state-changing`: the call changes state or is billable. */
  stateChanging: boolean;
  parameters: SpecParameter[];
  requestBody?: { required: boolean; content: Record<string, SpecMediaType> };
  responses: Record<string, SpecResponse>;
}

export interface ContractSpec {
  document: JsonObject;
  operations: SpecOperation[];
  operation(operationId: string): SpecOperation;
  /** Follows `$ref`s from a pointer and answers the pointer and value it ends at. */
  resolve(pointer: string): { pointer: string; value: JsonObject };
}

const methods = ['get', 'post', 'patch', 'put', 'delete'] as const;

/** The server variable of each base address, as the bundled spec names them. */
const surfaceByServerVariable: Record<string, Surface> = { base_url: 'inference', platform_url: 'platform' };

export function bundledSpecPath(): string {
  return createRequire(import.meta.url).resolve('@inference-infra/types/openapi.json');
}

function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function pointerOf(...tokens: string[]): string {
  return `#/${tokens.map(escapePointerToken).join('/')}`;
}

function valueAt(document: JsonObject, pointer: string): unknown {
  const tokens = pointer.replace(/^#\/?/, '').split('/').filter(Boolean);
  let value: unknown = document;
  for (const raw of tokens) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as JsonObject)[token];
  }
  return value;
}

function exampleValue(holder: JsonObject, resolve: ContractSpec['resolve']) {
  const examples: Record<string, unknown> = {};
  for (const [name, example] of Object.entries((holder.examples as JsonObject | undefined) ?? {})) {
    const ref = (example as JsonObject).$ref;
    const resolved = typeof ref === 'string' ? resolve(ref).value : (example as JsonObject);
    examples[name] = resolved.value;
  }
  const first = Object.values(examples)[0];
  return { examples, example: holder.example ?? first };
}

/** Reads the bundled spec (or another bundle) into the operation list the checks are generated from. */
export function loadContractSpec(specPath: string = bundledSpecPath()): ContractSpec {
  const document = JSON.parse(readFileSync(specPath, 'utf8')) as JsonObject;
  return contractSpecOf(document);
}

export function contractSpecOf(document: JsonObject): ContractSpec {
  const resolve = (start: string) => {
    let pointer = start;
    for (let hops = 0; hops < 20; hops += 1) {
      const value = valueAt(document, pointer);
      if (typeof value !== 'object' || value === null) {
        throw new Error(`spec: nothing at ${pointer}`);
      }
      const ref = (value as JsonObject).$ref;
      if (typeof ref !== 'string') return { pointer, value: value as JsonObject };
      pointer = ref;
    }
    throw new Error(`spec: $ref chain too long from ${start}`);
  };

  const mediaTypes = (pointer: string, content: JsonObject | undefined): Record<string, SpecMediaType> => {
    const result: Record<string, SpecMediaType> = {};
    for (const [mediaType, raw] of Object.entries(content ?? {})) {
      const holder = raw as JsonObject;
      const mediaPointer = `${pointer}/${escapePointerToken(mediaType)}`;
      const schema = resolve(`${mediaPointer}/schema`);
      const { example, examples } = exampleValue(holder, resolve);
      result[mediaType] = {
        schemaPointer: schema.pointer,
        schema: schema.value,
        example,
        examples,
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

  const operations: SpecOperation[] = [];
  for (const [path, rawItem] of Object.entries((document.paths as JsonObject | undefined) ?? {})) {
    const item = rawItem as JsonObject;
    const serverUrl = ((item.servers as JsonObject[] | undefined)?.[0]?.url as string | undefined) ?? '';
    const surface = surfaceByServerVariable[/^\{(\w+)\}/.exec(serverUrl)?.[1] ?? ''];
    if (!surface) throw new Error(`spec path ${path}: its server must be {base_url} or {platform_url}`);
    for (const method of methods) {
      const raw = item[method] as JsonObject | undefined;
      if (!raw) continue;
      const opPointer = pointerOf('paths', path, method);
      const parameters = [
        ...((item.parameters as unknown[] | undefined) ?? []).map((_, i) =>
          pointerOf('paths', path, 'parameters', String(i)),
        ),
        ...((raw.parameters as unknown[] | undefined) ?? []).map((_, i) => `${opPointer}/parameters/${i}`),
      ].map((pointer): SpecParameter => {
        const parameter = resolve(pointer);
        const schema = resolve(`${parameter.pointer}/schema`);
        return {
          name: parameter.value.name as string,
          in: parameter.value.in as SpecParameter['in'],
          required: parameter.value.required === true,
          schemaPointer: schema.pointer,
          schema: schema.value,
          example: parameter.value.example,
        };
      });
      const body = raw.requestBody ? resolve(`${opPointer}/requestBody`) : undefined;
      const responses: Record<string, SpecResponse> = {};
      for (const status of Object.keys((raw.responses as JsonObject | undefined) ?? {})) {
        const response = resolve(`${opPointer}/responses/${status}`);
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
        responses[status] = {
          status,
          content: mediaTypes(
            `${response.pointer}/content`,
            response.value.content as JsonObject | undefined,
          ),
          headers,
        };
      }
      operations.push({
        operationId: raw.operationId as string,
        method: method.toUpperCase() as HttpMethod,
        path,
        surface,
        tags: (raw.tags as string[] | undefined) ?? [],
        stateChanging: raw['x-state-changing'] === true,
        parameters,
        ...(body
          ? {
              requestBody: {
                required: body.value.required === true,
                content: mediaTypes(`${body.pointer}/content`, body.value.content as JsonObject | undefined),
              },
            }
          : {}),
        responses,
      });
    }
  }

  return {
    document,
    operations,
    operation(operationId) {
      const found = operations.find((op) => op.operationId === operationId);
      if (!found) throw new Error(`spec: no operation ${operationId}`);
      return found;
    },
    resolve,
  };
}

/** The JSON request body schema and example of an operation, which every check that sends a body starts from. */
export function jsonRequestBody(op: SpecOperation): SpecMediaType | undefined {
  return op.requestBody?.content['application/json'];
}
