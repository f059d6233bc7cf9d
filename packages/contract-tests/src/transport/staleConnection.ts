/**
 * A request a client may send again when the connection closed under it before any answer: a kept-alive connection
 * the server closed while the client was busy (both on one loaded machine), which HTTP clients retry on a new
 * connection (RFC 9112 §9.3.1). Only safe methods: sending them twice changes nothing, so a second try can never
 * hide a server that broke a rule, and a connection that closes on every try still fails the check.
 */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What undici and Node name a connection closed or reset before the answer began. */
const closedBeforeAnswer = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

export function mayRetryOnNewConnection(method: string, error: unknown): boolean {
  if (!safeMethods.has(method.toUpperCase())) return false;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' && closedBeforeAnswer.has(cause.code);
}
