import { StreamLimitError } from '@inference-infra/edge';

/**
 * The bound an answer met, wherever it sits in the chain of causes: the fetch client and the event stream wrap what
 * a body's stream failed with in their own connection errors.
 */
export function answerLimitOf(error: unknown): StreamLimitError | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof StreamLimitError || (cause as Error).name === 'StreamLimitError')
      return cause as StreamLimitError;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
