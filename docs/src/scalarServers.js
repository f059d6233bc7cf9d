import { specModelOf } from '@inference-infra/types/spec-model';

/**
 * A copy of the spec in which every operation names its own server, for Scalar's request client. The spec puts the
 * server on the path item (OpenAPI allows path, operation or document level); Scalar 1.72's client reads only the
 * operation's and the document's, and would send every request to the first document server, `{base_url}`: the
 * platform operations would all answer 404. `x-scalar-selected-server` is Scalar's extension naming the server its
 * client starts with; without it the client keeps the document's choice, which is not in the operation's list.
 * @param {any} spec
 * @returns {any}
 */
export function withOperationServers(spec) {
  const copy = structuredClone(spec);
  // The operations and their servers as the toolkit's spec model reads them (operation, else path, else document).
  for (const { path, method, server } of specModelOf(copy).operations) {
    const pathItem = copy.paths[path];
    const operation = pathItem[method.toLowerCase()];
    if (operation.servers) continue;
    operation.servers = pathItem.servers ?? copy.servers;
    operation['x-scalar-selected-server'] = server.url;
  }
  return copy;
}
