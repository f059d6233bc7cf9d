import fc from 'fast-check';
import { openAiValues } from '../../cases/openAiValues.js';
import { scalarCandidates } from '../../cases/outOfSpecValues.js';
import { sampleOf } from '../../cases/sampleValues.js';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, judgeAnswer } from '../../judgements/answers.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../../model/spec.js';
import { assumptionEntry, crossFieldEntry } from '../../promises/coverageIds.js';
import { crossFieldRules } from '../../promises/crossFieldRules.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

/** One row of the OpenAI-style compatibility table, as the spec writes it on the field. */
interface TableField {
  name: string;
  /** A value the spec takes (its sample), when it takes any. */
  taken?: unknown;
  /** A value it refuses with advice (`x-instead`), as OpenAI-style clients send it: `path` then value. */
  refused?: { path: string[]; value: unknown };
  assumption?: string;
}

function refusedValue(path: string[], schema: JsonObject): unknown {
  return openAiValues[path.join('.')]?.[0] ?? scalarCandidates(schema)[0]?.value ?? true;
}

/**
 * The table of ASSUMPTIONS.md "OpenAI-style clients: every field they send", read from the spec rather than restated:
 * every optional field of an inference body, taken with a value of its schema, and those with `x-instead` (refused
 * with advice, at the top or one level down) with the value clients send. `size` is left to the image-size property,
 * whose rules with `width` and `height` decide its answer.
 */
export function tableFields(spec: ContractSpec, op: SpecOperation): TableField[] {
  const media = jsonRequestBody(op);
  if (!media) return [];
  const schema = spec.resolve(media.schemaPointer).value;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.keys((schema.properties ?? {}) as JsonObject)
    .filter((name) => !required.has(name) && name !== 'size')
    .map((name) => {
      const pointer = `${media.schemaPointer}/properties/${name}`;
      const field = spec.resolve(pointer).value;
      const row: TableField = { name };
      if (typeof field['x-assumption-id'] === 'string') row.assumption = field['x-assumption-id'];
      if (field.not === undefined) {
        const sample = sampleOf(spec, pointer);
        // An empty string is a value the schema takes, but not one a client sends for a stop sequence or a user.
        row.taken = sample === '' ? 'contract-tests' : sample;
      }
      if (typeof field['x-instead'] === 'string')
        row.refused = { path: [name], value: refusedValue([name], field) };
      for (const [inner, child] of Object.entries((field.properties ?? {}) as Record<string, JsonObject>)) {
        if (typeof child['x-instead'] === 'string')
          row.refused = { path: [name, inner], value: refusedValue([name, inner], child) };
      }
      return row;
    });
}

/**
 * The compatibility table over combinations: any set of its fields in one request, each taken or (where the spec
 * refuses it) sent as OpenAI-style clients send it. A request with a refused field is refused with 400 naming one of
 * the refused fields it holds, whatever is beside it; one without is answered 200, as JSON or, with `stream: true`,
 * as an event stream. A server that checks a field only when it comes alone shows here.
 */
export function compatibilityTableProperties(spec: ContractSpec): ContractCheck[] {
  return spec.operations
    .filter((op) => op.surface === 'inference' && jsonRequestBody(op))
    .flatMap((op) => {
      const fields = tableFields(spec, op);
      if (!fields.some((field) => field.refused)) return [];
      const assumptions = [
        ...new Set(fields.flatMap((field) => (field.assumption ? [field.assumption] : []))),
      ];
      const refusable = fields.filter((field) => field.refused);
      const withoutEffect = fields.filter((field) => field.assumption === 'fields-without-effect');
      const taken = fields.filter((field) => field.taken !== undefined && !withoutEffect.includes(field));
      // The rules across fields among the table's own (a refused field and the one the spec says to use instead).
      const rules = crossFieldRules(spec).filter(
        (rule) =>
          rule.operationId === op.operationId &&
          rule.fields.every((name) => fields.some((field) => field.name === name)) &&
          rule.fields.some((name) => refusable.some((field) => field.name === name)),
      );
      return [
        propertyCheck({
          name: 'answers any combination of the OpenAI-style fields as the compatibility table says: 400 naming a refused one, else 200',
          operationId: op.operationId,
          tags: op.tags,
          mutates: true,
          requires: ['state'],
          covers: [
            ...assumptions.map(assumptionEntry),
            ...rules.map((rule) => crossFieldEntry(op.operationId, rule.fields)),
          ],
          // Each case some refused fields (none a third of the time), some taken ones, and a random set of those
          // without effect: a server that checks a field only when it comes alone, or skips checks beside another
          // field, shows where they meet.
          cases: () =>
            fc
              .record({
                refused: fc.oneof(
                  fc.constant<TableField[]>([]),
                  fc.subarray(refusable, { minLength: 1, maxLength: 2 }),
                  fc.subarray(refusable, { minLength: 1, maxLength: 2 }),
                ),
                taken: fc.subarray(taken, { maxLength: 4 }),
                withoutEffect: fc.subarray(withoutEffect),
              })
              .map(({ refused, taken: others, withoutEffect: quiet }) => [
                ...refused.map((field) => ({ name: field.name, refused: true })),
                ...[...others, ...quiet]
                  .filter((field) => !refused.includes(field))
                  .map((field) => ({ name: field.name, refused: false })),
              ]),
          async check(ctx, chosen) {
            const body: Record<string, unknown> = exampleBody(ctx, op);
            delete body.stream;
            const refused: string[] = [];
            for (const { name, refused: isRefused } of chosen) {
              const field = fields.find((f) => f.name === name) as TableField;
              if (isRefused && field.refused) {
                const [top, inner] = field.refused.path as [string, string | undefined];
                body[top] = inner === undefined ? field.refused.value : { [inner]: field.refused.value };
                refused.push(top);
              } else body[name] = field.taken;
            }
            if (refused.length === 0) {
              await expectAnswer(ctx, { op, body }, 200, {
                expectMediaType: body.stream === true ? 'text/event-stream' : 'application/json',
              });
              return;
            }
            const response = await ctx.http.send({ op, body });
            const param = (response.json as { error?: { param?: unknown } } | undefined)?.error?.param;
            const named = refused.some(
              (name) =>
                typeof param === 'string' &&
                /^($|[.[/])/.test(param.slice(name.length)) &&
                param.startsWith(name),
            );
            if (response.status !== 400 || !named)
              fail(
                response,
                `a request with ${refused.join(', ')} (refused by the compatibility table) must be answered 400 naming one of them; got ${response.status}${param === undefined ? '' : ` naming ${JSON.stringify(param)}`}`,
              );
            judgeAnswer(ctx, response, 400);
          },
        }),
      ];
    });
}
