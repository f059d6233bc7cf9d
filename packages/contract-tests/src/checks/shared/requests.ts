import type { CheckContext } from '../../engine/check.js';
import { judgeAnswer } from '../../judgements/answers.js';
import type { ConformanceOptions } from '../../judgements/conformance.js';
import { jsonRequestBody, type SpecOperation } from '../../model/spec.js';
import type { ContractRequest, ContractResponse } from '../../transport/http.js';
import type { Target } from '../../transport/target.js';

type Json = Record<string, unknown>;

const modelOptionByOperation: Record<string, keyof Target['models']> = {
  createChatCompletion: 'chat',
  generateImages: 'images',
  createEmbeddings: 'embeddings',
};

/**
 * A known-good body for an operation: the spec's request example (the named one when given), with the model id the
 * partner chose, since the spec's example models need not exist on their deployment.
 */
export function exampleBody(ctx: CheckContext, op: SpecOperation, exampleName?: string): Json {
  const media = jsonRequestBody(op);
  const example = exampleName ? media?.examples[exampleName] : media?.example;
  if (typeof example !== 'object' || example === null) {
    throw new Error(
      `the spec has no request example${exampleName ? ` "${exampleName}"` : ''} for ${op.operationId}`,
    );
  }
  const body = structuredClone(example) as Json;
  const option = modelOptionByOperation[op.operationId];
  const model = option ? ctx.target.models[option] : undefined;
  if (model && 'model' in body) body.model = model;
  return body;
}

/**
 * A body for a check that expects a refusal. For a resize, `size_gb` becomes the smallest size the spec allows, which
 * no volume can grow to (none is smaller, and volumes only grow): a server that wrongly accepts the request then
 * answers 409 and changes nothing, where the example's size would have grown the partner's volume for good.
 */
export function refusalSafeBody(op: SpecOperation, body: unknown): unknown {
  if (
    op.operationId !== 'resizeVolume' ||
    typeof body !== 'object' ||
    body === null ||
    !('size_gb' in body)
  ) {
    return body;
  }
  const sizeSchema = (jsonRequestBody(op)?.schema.properties as Json | undefined)?.size_gb as
    | Json
    | undefined;
  const minimum = sizeSchema?.minimum;
  if (typeof minimum !== 'number') throw new Error('the spec gives resizeVolume size_gb no minimum');
  return { ...body, size_gb: minimum };
}

/** The volume resize checks use: the partner's, or the spec's example id (the mock answers any id). */
export function volumeIdOf(ctx: CheckContext, op: SpecOperation): string {
  if (ctx.target.volumeId) return ctx.target.volumeId;
  const example = op.parameters.find((p) => p.in === 'path' && p.name === 'id')?.example;
  return typeof example === 'string' ? example : 'vol_contract_tests';
}

/** Path parameters that address something real: the volume for resize, examples for any other. */
export function pathParamsOf(ctx: CheckContext, op: SpecOperation): Record<string, string> {
  const params: Record<string, string> = {};
  for (const parameter of op.parameters.filter((p) => p.in === 'path')) {
    params[parameter.name] =
      parameter.name === 'id' && op.operationId === 'resizeVolume'
        ? volumeIdOf(ctx, op)
        : String(parameter.example ?? 'contract-tests');
  }
  return params;
}

/** A request that is right in every part but what the check varies: example body, real path parameters. */
export function validRequest(ctx: CheckContext, op: SpecOperation): ContractRequest {
  const body = op.requestBody ? exampleBody(ctx, op) : undefined;
  return { op, pathParams: pathParamsOf(ctx, op), ...(body ? { body } : {}) };
}

/** Sends the request and insists on the status, then on everything the spec says about that answer. */
export async function expectAnswer(
  ctx: CheckContext,
  request: ContractRequest,
  status: number,
  options?: ConformanceOptions,
): Promise<ContractResponse> {
  return judgeAnswer(ctx, await ctx.http.send(request), status, options);
}

export function operationOf(ctx: CheckContext, operationId: string): SpecOperation {
  return ctx.spec.operation(operationId);
}
