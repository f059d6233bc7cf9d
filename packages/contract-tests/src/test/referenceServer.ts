import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchemaValidator, type SchemaViolation } from '../schemaValidator.js';
import { jsonRequestBody, loadContractSpec, type SpecOperation } from '../spec.js';
import { createReferenceState, type ReferenceState, referenceVolume } from './referenceData.js';
import {
  errorResponse,
  type ReferenceRequest,
  type ReferenceResponse,
  referenceOperations,
} from './referenceOperations.js';

export type { ReferenceRequest, ReferenceResponse } from './referenceOperations.js';

/** A request as it arrives, before the key, the spec or the operation has had a say. */
export interface RawRequest {
  method: string;
  url: URL;
  headers: Record<string, string | undefined>;
  body: string;
  requestId: string;
  /** The operation the path and method name, if any. */
  operationId: string | undefined;
}

export type Handler = (req: RawRequest) => ReferenceResponse;

export interface ReferenceServerOptions {
  /** Wraps the conforming handler: how a mutant breaks one promise (it sees the state, as a real bug would). */
  wrap?: (next: Handler, state: ReferenceState) => Handler;
}

export interface ReferenceServer {
  baseUrl: string;
  platformUrl: string;
  apiKey: string;
  volumeId: string;
  volumeSizeGb: number;
  state: ReferenceState;
  close(): Promise<void>;
}

const apiKey = 'ii_live_reference';
const spec = loadContractSpec();
const validator = createSchemaValidator(spec.document);

const codeByKeyword: Record<string, string> = {
  minimum: 'value_out_of_range',
  maximum: 'value_out_of_range',
  minItems: 'value_out_of_range',
  maxItems: 'value_out_of_range',
  enum: 'invalid_enum_value',
  const: 'invalid_enum_value',
  pattern: 'pattern_mismatch',
  required: 'missing_field',
  type: 'invalid_type',
  additionalProperties: 'unknown_field',
};

/** The field a violation is about, as clients name it: `size_gb`, `messages.0.role`. */
function fieldOf(violation: SchemaViolation): string {
  const path = violation.path.split('/').filter(Boolean);
  const extra = violation.params.missingProperty ?? violation.params.additionalProperty;
  return [...path, ...(typeof extra === 'string' ? [extra] : [])].join('.');
}

function invalid(violation: SchemaViolation, requestId: string, prefix?: string): ReferenceResponse {
  const field = prefix ?? fieldOf(violation);
  const code = codeByKeyword[violation.keyword] ?? 'invalid_request';
  return errorResponse(
    400,
    'invalid_request_error',
    code,
    `${field}: ${violation.message}`,
    field,
    requestId,
  );
}

/** Query text to the parameter's type, so `limit=abc` fails as a type error and `limit=0` as a bound. */
function coerce(raw: string, type: unknown): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function route(
  method: string,
  pathname: string,
): { op: SpecOperation; pathParams: Record<string, string> } | undefined {
  const inference = pathname.startsWith('/v1/');
  const specPath = inference ? pathname.slice(3) : pathname;
  for (const op of spec.operations) {
    if (op.method !== method || (op.surface === 'inference') !== inference) continue;
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    const pattern = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    const match = pattern.exec(specPath);
    if (match) {
      return {
        op,
        pathParams: Object.fromEntries(
          names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
        ),
      };
    }
  }
  return undefined;
}

/** Routing, the key, then the request against the spec (400 naming the field): what the operations can rely on. */
function prepare({
  method,
  url,
  headers,
  body: rawBody,
  requestId,
}: RawRequest): ReferenceRequest | ReferenceResponse {
  const found = route(method, url.pathname);
  if (!found)
    return errorResponse(
      404,
      'not_found_error',
      'unknown_path',
      `No operation at ${url.pathname}.`,
      null,
      requestId,
    );
  const { op, pathParams } = found;
  if (headers.authorization !== `Bearer ${apiKey}`) {
    const response = errorResponse(
      401,
      'authentication_error',
      'invalid_api_key',
      'Missing or invalid API key.',
      null,
      requestId,
    );
    response.headers['www-authenticate'] = 'Bearer';
    return response;
  }
  const query: Record<string, unknown> = {};
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    const raw = url.searchParams.get(parameter.name);
    if (raw === null) continue;
    const value = coerce(raw, parameter.schema.type ?? spec.resolve(parameter.schemaPointer).value.type);
    const [violation] = validator.violations(parameter.schemaPointer, value);
    if (violation) return invalid(violation, requestId, parameter.name);
    query[parameter.name] = value;
  }
  let body: unknown;
  const media = jsonRequestBody(op);
  if (media) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      return errorResponse(
        400,
        'invalid_request_error',
        'invalid_json',
        'The body is not JSON.',
        null,
        requestId,
      );
    }
    const [violation] = validator.violations(media.schemaPointer, body);
    if (violation) return invalid(violation, requestId);
  }
  return { operationId: op.operationId, pathParams, query, headers, body, requestId };
}

function send(res: ServerResponse, response: ReferenceResponse, requestId: string) {
  const headers = { 'x-request-id': requestId, ...response.headers };
  if (response.events) {
    res.writeHead(response.status, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...headers,
    });
    for (const data of response.events) res.write(`data: ${data}\n\n`);
    res.end();
    return;
  }
  const text = JSON.stringify(response.json);
  res.writeHead(response.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * A conforming, stateful server of the whole API for the suite's own tests, on 127.0.0.1: instance types with
 * filters, a few hundred transactions with paging, volumes that grow, images per `response_format`, one embedding
 * per input, streamed chat ending with `[DONE]`, 401/400/404/409 with the spec's error body.
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const state = createReferenceState();
  const conforming: Handler = (raw) => {
    const prepared = prepare(raw);
    if ('status' in prepared) return prepared;
    const operation = referenceOperations[prepared.operationId];
    if (!operation) throw new Error(`no reference operation ${prepared.operationId}`);
    return operation(prepared, state);
  };
  const handler = options.wrap ? options.wrap(conforming, state) : conforming;
  let requestCounter = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requestCounter += 1;
      const url = new URL(req.url ?? '/', 'http://reference.local');
      const method = req.method ?? 'GET';
      const raw: RawRequest = {
        method,
        url,
        headers: { authorization: req.headers.authorization, 'content-type': req.headers['content-type'] },
        body: Buffer.concat(chunks).toString('utf8'),
        requestId: `req_ref_${requestCounter.toString(16).padStart(8, '0')}`,
        operationId: route(method, url.pathname)?.op.operationId,
      };
      send(res, handler(raw), raw.requestId);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    platformUrl: `http://127.0.0.1:${port}`,
    apiKey,
    volumeId: referenceVolume.id,
    volumeSizeGb: referenceVolume.sizeGb,
    state,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
