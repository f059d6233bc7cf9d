import { describeZodIssues, requestSchemas } from '@inference-infra/types';
import { RequestValidationError } from './errors.js';
import type { RequestValidator } from './internal/requestValidator.js';

type Part = 'path' | 'query' | 'body';
const parts: Part[] = ['path', 'query', 'body'];
type SchemaSet = Partial<Record<Part, { safeParse(value: unknown): { success: boolean; error?: unknown } }>>;

/** Checks path, query and body against the zod schemas generated from the spec, before anything is sent. */
export const zodRequestValidator: RequestValidator = (operationId, method, path, values) => {
  const schemas = (requestSchemas as Record<string, SchemaSet>)[operationId];
  if (!schemas) return;
  const issues: Array<{ field: string; message: string }> = [];
  for (const part of parts) {
    const schema = schemas[part];
    if (!schema) continue;
    // An absent query is an empty one: every query parameter of the spec is optional.
    const value = values[part] ?? (part === 'query' ? {} : undefined);
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of describeZodIssues(result.error as never, value)) {
        issues.push({
          field: issue.field || part,
          message: issue.field ? issue.message : `${part}: ${issue.rule}`,
        });
      }
    }
  }
  if (issues.length > 0) throw new RequestValidationError({ method, path, operationId }, issues);
};
