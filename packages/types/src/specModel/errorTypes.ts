import type { SpecModel } from './specModel.js';

/** Each failure status with the error `type` its examples show, in the order the spec shows them. */
function statusTypes(model: SpecModel): Map<number, string> {
  const types = new Map<number, string>();
  for (const operation of model.operations) {
    for (const { status, content } of Object.values(operation.responses)) {
      const code = Number(status);
      if (!(code >= 400)) continue;
      for (const example of Object.values(content['application/json']?.examples ?? {})) {
        const type = (example as { error?: { type?: unknown } } | undefined)?.error?.type;
        if (typeof type !== 'string') continue;
        const known = types.get(code);
        if (known !== undefined && known !== type) {
          throw new Error(`spec: status ${status} is answered with error types ${known} and ${type}`);
        }
        types.set(code, type);
      }
    }
  }
  return types;
}

/**
 * The error `type` of each failure status, read from the examples of the spec's error responses: one per status
 * (assumption `error-body-openai-shape`). A status shown with two types is an error of the spec, named here rather
 * than resolved by whichever example came last.
 */
export function errorStatusTypes(model: SpecModel): Map<number, string> {
  return new Map([...statusTypes(model)].sort(([a], [b]) => a - b));
}

/**
 * The failure status of each error `type`, for an error that comes without one (an event inside a stream). Statuses
 * may share a type (`invalid_request_error` is 400 and 415, as OpenAI's one type for malformed requests): the type
 * then stands for its lowest status, the rule broken inside a body that was read (400), never a refusal of the body
 * itself, which comes before any stream.
 */
export function errorTypeStatuses(model: SpecModel): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const [status, type] of errorStatusTypes(model)) if (!statuses.has(type)) statuses.set(type, status);
  return statuses;
}
