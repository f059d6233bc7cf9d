import { redactorFor } from '@inference-infra/edge';
import { curlCommand } from './curlCommand.js';
import type { Exchange } from './exchange.js';

/** The start of an answer's body a reproduction shows: enough to see what the server said. */
export const shownAnswerLength = 500;

/** The two lines every failure ends with, however it was thrown: the request as `curl`, then the answer. */
export function reproductionLines(curl: string, answer: string): string {
  return `  reproduce: ${curl}\n  answer: ${answer}`;
}

/**
 * How to see a failure again: the exchange's request as a `curl` command (the key as `$INFERENCE_INFRA_API_KEY`), then
 * the status and the start of the answer, in the form `violation()` gives contract violations, so every failure reads
 * alike whichever way it was thrown. The answer is redacted before it is cut, and so is the no-answer reason.
 */
export function reproductionOf(
  exchange: Exchange,
  apiKey: string,
  moreSecrets: readonly string[] = [],
): string {
  const curl = curlCommand(
    {
      method: exchange.method,
      url: exchange.url,
      headers: exchange.requestHeaders,
      ...(exchange.requestBody === undefined ? {} : { body: exchange.requestBody }),
    },
    apiKey,
    moreSecrets,
  );
  const redactor = redactorFor([apiKey, ...moreSecrets]);
  const answer =
    exchange.status === 0
      ? `none (${redactor.redact(exchange.error ?? 'no answer')})`
      : `${exchange.status} ${redactor.excerpt(exchange.responseBody, shownAnswerLength)}`;
  return reproductionLines(curl, answer);
}

/** Whether a failure message carries its reproduction already (a `ContractViolation` does). */
export function hasReproduction(message: string): boolean {
  return message.includes('\n  reproduce: curl ');
}
