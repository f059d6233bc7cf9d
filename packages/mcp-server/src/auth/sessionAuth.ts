import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Refusal } from '@inference-infra/edge';
import type { JWTPayload } from 'jose';

/** Who sent a request, as far as the server needs to know: never the credential itself, except the key it spends. */
export interface Principal {
  /** A digest of who it is (the key, or the token's issuer and subject): a session is bound to it, caps count by it. */
  id: string;
  /** How messages name the caller without its credential: `this key`, `subject "alice"`. */
  label: string;
  /** With bearer-passthrough: the key the request carried. */
  apiKey?: string;
  /** With OAuth: the verified claims of the token. */
  claims?: Readonly<JWTPayload>;
}

/** What serving on each caller's own credentials takes: who a request is, and the key a new session of theirs spends. */
export interface SessionAuth {
  /** The request's principal, or the refusal (401, 400, 503) its credentials earn. Reads no body. */
  authenticate(request: IncomingMessage): Promise<Principal | Refusal>;
  /** The API key a new session of this principal spends, or why it gets none (403). */
  keyOf(principal: Principal): Promise<string | Refusal>;
  /** The challenge's `resource_metadata` (OAuth): where a client learns which issuer to ask. */
  resourceMetadataUrl?: string;
  /** The protected resource metadata (RFC 9728) and the paths it is served at (OAuth). */
  metadata?: { paths: readonly string[]; document: Readonly<Record<string, unknown>> };
}

/** A digest naming one credential or subject: equal for the same one, and giving nothing of it away. */
export function principalId(kind: string, ...parts: string[]): string {
  const hash = createHash('sha256').update(kind);
  for (const part of parts) hash.update('\0').update(part);
  return hash.digest('hex');
}

/** Whether two principal ids are the same one, in a time that does not depend on where they differ. */
export function samePrincipal(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}
