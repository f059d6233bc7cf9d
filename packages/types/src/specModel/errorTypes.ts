import type { SpecModel } from './specModel.js';

/**
 * The failure status of each error `type`, read from the examples of the spec's error responses (the spec answers
 * each type with one status: assumption `error-body-openai-shape`). A type shown with two statuses is an error of
 * the spec, named here rather than resolved by whichever example came last.
 */
export function errorTypeStatuses(model: SpecModel): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const operation of model.operations) {
    for (const { status, content } of Object.values(operation.responses)) {
      if (Number(status) < 400) continue;
      for (const example of Object.values(content['application/json']?.examples ?? {})) {
        const type = (example as { error?: { type?: unknown } } | undefined)?.error?.type;
        if (typeof type !== 'string') continue;
        const known = statuses.get(type);
        if (known !== undefined && known !== Number(status)) {
          throw new Error(`spec: error type ${type} is answered with ${known} and ${status}`);
        }
        statuses.set(type, Number(status));
      }
    }
  }
  return statuses;
}
