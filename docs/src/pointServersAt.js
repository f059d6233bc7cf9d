interface Server {
  url: string;
  variables?: Record<string, { default: string }>;
}
interface WithServers {
  servers?: Server[];
}
interface Spec extends WithServers {
  paths: Record<string, WithServers & Record<string, unknown>>;
}

/**
 * A copy of the spec whose server variables (document, path and operation servers alike) default to the given
 * addresses, e.g. `{ base_url: mock.baseUrl }`: the site then sends its requests to the test's mock, on whatever
 * free ports it got, with nothing changed in the page itself.
 */
export function pointServersAt<T extends Spec>(spec: T, addresses: Record<string, string>): T {
  const copy = structuredClone(spec);
  const serverLists: Server[][] = [copy.servers ?? []];
  for (const pathItem of Object.values(copy.paths)) {
    serverLists.push(pathItem.servers ?? []);
    for (const operation of Object.values(pathItem)) {
      if (operation && typeof operation === 'object' && 'responses' in operation) {
        serverLists.push((operation as WithServers).servers ?? []);
      }
    }
  }
  for (const server of serverLists.flat()) {
    for (const [name, variable] of Object.entries(server.variables ?? {})) {
      const address = addresses[name];
      if (address) variable.default = address;
    }
  }
  return copy;
}
