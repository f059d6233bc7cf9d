import { acceptanceCases } from '../cases/acceptanceCases.js';
import type { ContractCheck } from '../engine/check.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry } from '../promises/coverageIds.js';
import { exampleBody, expectAnswer, pathParamsOf } from './shared/requests.js';

/**
 * The server must accept what the spec allows: each inclusive bound and each enum value of a request field, once.
 * These calls are billable, so a live target runs them only with --allow-mutations.
 */
export function acceptanceChecks(spec: ContractSpec, validator: SchemaValidator): ContractCheck[] {
  return acceptanceCases(spec, validator).map(
    (entry): ContractCheck => ({
      name: `accepts ${entry.description}`,
      operationId: entry.op.operationId,
      tags: entry.op.tags,
      kind: 'response',
      mutates: entry.op.stateChanging,
      requires: [],
      covers: [
        bodyEntry(entry.op.operationId, entry.entryPath ?? entry.path, entry.facet),
        ...(entry.assumption ? [assumptionEntry(entry.assumption)] : []),
        ...answerCovers(spec, entry.op, 200),
      ],
      async run(ctx) {
        // The case's body with the model the partner chose (unless the case is about the model).
        const body = structuredClone(entry.body) as Record<string, unknown>;
        const { model } = exampleBody(ctx, entry.op);
        if (typeof body.model === 'string' && entry.path[0] !== 'model') body.model = model;
        // A streamed answer is checked as a stream; everything else as JSON.
        const streamed = (body as { stream?: unknown }).stream === true;
        await expectAnswer(ctx, { op: entry.op, pathParams: pathParamsOf(ctx, entry.op), body }, 200, {
          expectMediaType: streamed ? 'text/event-stream' : 'application/json',
        });
      },
    }),
  );
}
