import { redactorFor } from '@inference-infra/edge';

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
