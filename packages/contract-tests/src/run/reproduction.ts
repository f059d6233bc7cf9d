import { curlCommand } from './curlCommand.js';
import type { Exchange } from './exchange.js';

/** The start of an answer's body a reproduction shows: enough to see what the server said. */
const shownAnswerLength = 500;

/**
 * How to see a failure again: the exchange's request as a `curl` command (the key as `$INFERENCE_INFRA_API_KEY`), then
 * the status and the start of the answer, in the form `violation()` gives contract violations, so every failure reads
 * alike whichever way it was thrown.
 */
export function reproductionOf(exchange: Exchange, apiKey: string): string {
  const curl = curlCommand(
    {
      method: exchange.method,
      url: exchange.url,
      headers: exchange.requestHeaders,
      ...(exchange.requestBody === undefined ? {} : { body: exchange.requestBody }),
    },
    apiKey,
  );
  const body = exchange.responseBody;
  const answer =
    exchange.status === 0
      ? `none (${exchange.error ?? 'no answer'})`
      : `${exchange.status} ${body.length > shownAnswerLength ? `${body.slice(0, shownAnswerLength)}...` : body}`;
  return `  reproduce: ${curl}\n  answer: ${answer}`;
}

/** Whether a failure message carries its reproduction already (a `ContractViolation` does). */
export function hasReproduction(message: string): boolean {
  return message.includes('\n  reproduce: curl ');
}
