/**
 * The local address each request arrived on, for the requests `toNodeListener` builds from a socket. Kept beside the
 * Request rather than in a header, which any client could send: only code of this entry can write it. Web-standard
 * runtimes do not say where a request arrived, so their requests have none.
 */
const localAddresses = new WeakMap<Request, string>();

export function recordLocalAddress(request: Request, address: string | undefined): void {
  if (address) localAddresses.set(request, address);
}

export const localAddressOf = (request: Request): string | undefined => localAddresses.get(request);

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket names them). */
export const isLoopbackAddress = (address: string) => /^(::ffff:)?127\.|^::1$/i.test(address);
