/**
 * @typedef {{ url: string, variables?: Record<string, { default: string, enum?: string[] }> }} Server
 * @typedef {{ servers?: Server[] }} WithServers
 * @typedef {WithServers & { paths: Record<string, WithServers & Record<string, unknown>> }} Spec
 */

/**
 * A copy of the spec whose server variables (document, path and operation servers alike) default to the given
 * addresses, e.g. `{ base_url: mock.baseUrl }`: the site then sends its requests to that mock (the tests' on free
 * ports, `scripts/start.sh`'s on the ports it was given), with nothing changed in the page itself.
 * @template {Spec} T
 * @param {T} spec
 * @param {Record<string, string>} addresses Variable name (`base_url`, `platform_url`) to its new default.
 * @returns {T}
 */
export function pointServersAt(spec, addresses) {
  const copy = structuredClone(spec);
  /** @type {Server[][]} */
  const serverLists = [copy.servers ?? []];
  for (const pathItem of Object.values(copy.paths)) {
    serverLists.push(pathItem.servers ?? []);
    for (const operation of Object.values(pathItem)) {
      if (operation && typeof operation === 'object' && 'responses' in operation) {
        serverLists.push(/** @type {WithServers} */ (operation).servers ?? []);
      }
    }
  }
  for (const server of serverLists.flat()) {
    for (const [name, variable] of Object.entries(server.variables ?? {})) {
      const address = addresses[name];
      if (!address) continue;
      variable.default = address;
      // An enum that left the new address out would make the document invalid.
      if (variable.enum && !variable.enum.includes(address)) variable.enum.push(address);
    }
  }
  return copy;
}
