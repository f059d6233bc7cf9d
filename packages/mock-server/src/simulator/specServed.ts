import { requestValidators } from '@inference-infra/types/request-validation';
import type { JsonObject, SpecModel, SpecOperation } from '@inference-infra/types/spec-model';
import type { ErrorResponder } from './errorResponses.js';
import type { ValidRequestParts } from './requestParts.js';
import type { SimulatorResponse } from './simulatorTypes.js';
import { answerFromSpec } from './specAnswer.js';
import type { createSpecRequestCheck } from './specRequestCheck.js';

export interface SpecServedRequest {
  operationId: string;
  /** The request's parts as routing and the generated validators (where there are any) left them. */
  parts: ValidRequestParts;
  requestId: string;
  error: ErrorResponder;
  seed: number;
  now: Date;
}

/** The status a refusal of a broken rule takes: the one the operation documents (400, else 422), 400 by default. */
function refusalStatusOf(operation: SpecOperation): number {
  if (operation.responses['400']) return 400;
  return operation.responses['422'] ? 422 : 400;
}

/**
 * The `error.code` the spec gives an operation's failure status: its `x-error-code` (a promise), else the code of
 * its first example (what the spec shows), else undefined.
 */
export function declaredErrorCode(
  model: SpecModel,
  operation: SpecOperation,
  status: number,
): string | undefined {
  const raw = (model.document.paths as Record<string, Record<string, JsonObject>> | undefined)?.[
    operation.path
  ]?.[operation.method.toLowerCase()];
  let response = (raw?.responses as Record<string, JsonObject> | undefined)?.[String(status)];
  if (typeof response?.$ref === 'string') response = model.resolve(response.$ref).value;
  if (typeof response?.['x-error-code'] === 'string') return response['x-error-code'];
  const media = operation.responses[String(status)]?.content['application/json'];
  const code = (media?.example as { error?: { code?: unknown } } | undefined)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The simulator's answers for operations it has no stateful handler for: the spec's request rules (the generated
 * validators where `pnpm generate` made some, else the spec's schemas through ajv), then its example or a generated
 * answer. ajv is loaded only when the spec has such an operation (`ready`), and its schemas compiled at the first
 * call: a spec whose every operation has a handler (the bundled one) pays nothing for it, not even the import.
 */
export function createSpecServed(model: SpecModel, needed: boolean) {
  let check: ReturnType<typeof createSpecRequestCheck> | undefined;
  const ready: Promise<void> = needed
    ? import('./specRequestCheck.js').then(({ createSpecRequestCheck }) => {
        check = createSpecRequestCheck(model);
      })
    : Promise.resolve();
  const serve = ({
    operationId,
    parts,
    requestId,
    error,
    seed,
    now,
  }: SpecServedRequest): SimulatorResponse => {
    const operation = model.operation(operationId);
    if (!(operationId in requestValidators)) {
      // `fetch`, the HTTP servers and MSW wait for `ready`; only a direct `handle()` call can come sooner.
      if (!check) throw new Error("the spec's request rules are still loading: await simulator.ready first");
      const checked = check(operation, parts);
      if (!checked.ok) {
        const [first] = checked.issues;
        return error(
          refusalStatusOf(operation),
          {
            code: checked.code,
            message: checked.issues.map((issue) => issue.message).join('; '),
            param: first?.field || null,
          },
          requestId,
        );
      }
    }
    return answerFromSpec({ model, operation, requestId, seed, now }).response;
  };
  return { serve, ready };
}
