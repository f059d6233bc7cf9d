import { redactorFor } from '@inference-infra/edge';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Redacts the key from every string of a value (deeply, object keys too), in every form an echo can give it. */
export type Redact = <T>(value: T) => T;

/**
 * The redactor of one key: the edge's, which every process of the toolkit shares, so an echo that hides here is
 * hidden everywhere. It finds the key as is and in its escaped, percent-encoded and base64 forms, and any run of 8
 * characters of its secret part (a key quoted less its last character gives 23 of 24 characters away otherwise).
 * Without a key nothing is hidden, and values come back as they are.
 */
export function redactorOf(key: string | undefined): Redact {
  return redactorFor(key).redactValue;
}

/**
 * A text cut to at most `max` characters, saying how much was left out. Cut only what is already redacted: a key
 * cut in half may no longer match the redactor whole.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters left out)`;
}

/**
 * Connects the server with every message it sends redacted: results are redacted where they are made, and this
 * covers the rest (protocol errors that quote a request, notifications), so no path out carries the key.
 */
export async function connectRedacted(server: Server, transport: Transport, redact: Redact): Promise<void> {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(redact(message), options);
  await server.connect(transport);
}
