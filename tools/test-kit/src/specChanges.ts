// The spec changes the "Add an operation" procedure (spec/README.md) must survive, applied to a copy of the bundle:
// one read operation added from existing components, one operation renamed, one removed. The proofs of every
// surface (generated code, docs, simulator, MCP tools, contract runs) start from these, so they prove one thing.

type Document = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** The fixture operation's id and what the naming rule calls it, for the assertions of each surface. */
export const addedOperation = {
  operationId: 'getVolume',
  method: 'GET',
  path: '/api/v1/storage/{id}',
  clientMethod: 'storage.getVolume',
  hook: 'useVolume',
} as const;

/**
 * `GET /api/v1/storage/{id}`: the volume by id, answered as the resize is (`{ data: PersistentVolume }`, its schema
 * and example), with the failures of the path's PATCH that a read can meet. No `x-sdk`: names by the rule.
 */
export function withAddedOperation(bundle: object): Document {
  const document = structuredClone(bundle) as Document;
  const item = document.paths[addedOperation.path] as Record<string, unknown>;
  const patch = item.patch as { parameters: unknown[]; responses: Record<string, unknown> };
  // The resize's links name the resize; a read's answer has none.
  const { links: _links, ...resized } = structuredClone(patch.responses['200']) as Record<string, unknown>;
  const { '409': _conflict, '400': _badRequest, '415': _unsupported, ...failures } = patch.responses;
  item.get = {
    operationId: addedOperation.operationId,
    summary: 'Get a persistent volume',
    description: 'The persistent volume with this id.',
    tags: ['Storage'],
    parameters: structuredClone(patch.parameters),
    responses: { '200': resized, ...structuredClone(failures) },
  };
  return document;
}

/** Every `operationId` and `x-sdk` of `from` moved to `to`, as a rename in the YAML would. */
export function withRenamedOperation(bundle: object, from: string, to: string, sdk?: object): Document {
  const document = structuredClone(bundle) as Document;
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (
        operation &&
        typeof operation === 'object' &&
        (operation as { operationId?: string }).operationId === from
      ) {
        (operation as Record<string, unknown>).operationId = to;
        if (sdk) (operation as Record<string, unknown>)['x-sdk'] = sdk;
        else delete (operation as Record<string, unknown>)['x-sdk'];
      }
    }
  }
  return document;
}

/** The operation gone, and its path with it when it was the path's only one. */
export function withoutOperation(bundle: object, operationId: string): Document {
  const document = structuredClone(bundle) as Document;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if ((operation as { operationId?: string } | undefined)?.operationId === operationId)
        delete item[method];
    }
    const methods = Object.keys(item).filter(
      (key) => !['servers', 'parameters', 'summary', 'description'].includes(key),
    );
    if (methods.length === 0) delete document.paths[path];
  }
  return document;
}
