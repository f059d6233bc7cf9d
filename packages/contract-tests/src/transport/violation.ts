import type { Redactor } from '@inference-infra/edge';
import { reproductionLines, shownAnswerLength } from './reproduction.js';

/** What a violation quotes of an answer: every `ContractResponse` is one. */
export interface QuotedAnswer {
  requestLine: string;
  curl: string;
  status: number;
  text: string;
  redactor: Redactor;
}

/** A broken promise of the contract: the message says which request, which answer and which rule. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/**
 * The broken promise, then how to see it again: the request as a `curl` command (the key as
 * `$INFERENCE_INFRA_API_KEY`), and the status and start of the answer (redacted, then cut). It lives with the
 * transport, which raises it for answers no check may get (a redirect, a 5xx), so the checks sit above the transport
 * and nothing below them imports them.
 */
export function violation(response: QuotedAnswer, problem: string): ContractViolation {
  const answer = `${response.status} ${response.redactor.excerpt(response.text, shownAnswerLength)}`;
  return new ContractViolation(
    `${response.requestLine} → ${response.status}: ${problem}\n${reproductionLines(response.curl, answer)}`,
  );
}
