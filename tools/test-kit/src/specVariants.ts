/**
 * Copies of the bundled spec with one operation added, renamed or removed, as the service's own team would change
 * it: what the tests of each surface (simulator, mock CLI, MCP tools, contract suite) run on to show that a change of
 * the spec reaches them with no code. Pure functions of the bundle (`@inference-infra/types/openapi.json`), which the
 * caller passes, so this package needs none of ours.
 */

type Json = Record<string, unknown>;

/** The read operation the fixture adds: one volume by id, from the existing path, schemas and answers. */
export const fixtureOperation = {
  operationId: 'getVolume',
  method: 'GET',
  path: '/api/v1/storage/{id}',
  tool: 'getVolume',
  /** What the naming rule calls it on the fetch client and in the hooks (it has no `x-sdk`). */
  clientMethod: 'storage.getVolume',
  hook: 'useVolume',
} as const;

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function copyOf(document: Json): Json {
  return structuredClone(document);
}

function pathsOf(document: Json): Record<string, Json> {
  return document.paths as Record<string, Json>;
}

/**
 * `GET /api/v1/storage/{id}` (`getVolume`) beside the resize on the same path: the volume as the resize answers it
 * (`ResizeVolumeResponse`, `{ data: PersistentVolume }`), with the resize's example unless `example: false` (then the
 * simulator must make an answer from the schema), and 401, 404, 429 and 500 from the existing reusable answers.
 */
export function withReadOperation(document: Json, { example = true }: { example?: boolean } = {}): Json {
  const copy = copyOf(document);
  const item = pathsOf(copy)[fixtureOperation.path];
  if (!item) throw new Error(`the bundle has no path ${fixtureOperation.path}`);
  item.get = {
    operationId: fixtureOperation.operationId,
    summary: 'Get a persistent volume',
    description: 'The persistent volume with this id, as the resize answers it.',
    tags: ['Storage'],
    parameters: [{ $ref: '#/components/parameters/VolumeId' }],
    responses: {
      '200': {
        description: 'The volume.',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } },
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ResizeVolumeResponse' },
            ...(example
              ? { examples: { volume: { $ref: '#/components/examples/ResizeVolumeResponse' } } }
              : {}),
          },
        },
      },
      '401': { $ref: '#/components/responses/Unauthorized' },
      '404': { $ref: '#/components/responses/NotFound' },
      '429': { $ref: '#/components/responses/TooManyRequests' },
      '500': { $ref: '#/components/responses/InternalServerError' },
    },
  };
  return copy;
}

/** The operation `from` renamed `to` (its operationId; path, method, schemas and names in `x-sdk` as they were). */
export function withRenamedOperation(document: Json, from: string, to: string): Json {
  const copy = copyOf(document);
  for (const item of Object.values(pathsOf(copy))) {
    for (const method of methods) {
      const operation = item[method] as Json | undefined;
      if (operation?.operationId === from) {
        operation.operationId = to;
        return copy;
      }
    }
  }
  throw new Error(`the bundle has no operation ${from}`);
}

/** The operation removed, and its path too when no other method is left on it. */
export function withoutOperation(document: Json, operationId: string): Json {
  const copy = copyOf(document);
  const paths = pathsOf(copy);
  for (const [path, item] of Object.entries(paths)) {
    for (const method of methods) {
      if ((item[method] as Json | undefined)?.operationId !== operationId) continue;
      delete item[method];
      if (!methods.some((other) => item[other] !== undefined)) delete paths[path];
      return copy;
    }
  }
  throw new Error(`the bundle has no operation ${operationId}`);
}

/** The paged read the second fixture adds: one volume's billing transactions, a page at a time. */
export const pagedFixtureOperation = {
  operationId: 'listVolumeTransactions',
  method: 'GET',
  path: '/api/v1/storage/{id}/transactions',
  /** What the naming rule calls it (it has no `x-sdk`): paged, as its query pages and its answer holds `meta`. */
  clientMethod: 'storage.listVolumeTransactions',
  name: 'VolumeTransactions',
} as const;

/**
 * `GET /api/v1/storage/{id}/transactions` (`listVolumeTransactions`): a paged query with a path parameter, the shape
 * no operation of today has. The volume's id, then the billing list's own parameters and answers.
 */
export function withPagedPathOperation(document: Json): Json {
  const copy = copyOf(document);
  const paths = pathsOf(copy);
  const { get: billing, ...pathLevel } = structuredClone(paths['/api/v1/billing/transactions'] ?? {});
  if (!billing) throw new Error('the bundle has no GET /api/v1/billing/transactions');
  const { 'x-sdk': _pinned, ...operation } = billing as Json;
  paths[pagedFixtureOperation.path] = {
    // The billing path's servers and parameters: the same base address, {platform_url}.
    ...pathLevel,
    get: {
      ...operation,
      operationId: pagedFixtureOperation.operationId,
      summary: "List a volume's billing transactions",
      tags: ['Storage'],
      parameters: [{ $ref: '#/components/parameters/VolumeId' }, ...(operation.parameters as unknown[])],
    },
  };
  return copy;
}
