import { jsonRequestBody } from '@inference-infra/types/spec-model';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { exampleArguments, specModel } from '../test/specExamples.js';
import { operationTools } from './operationTools.js';

// Strict, so a keyword JSON Schema does not know (OpenAPI's `example`, an `x-` extension) fails the test.
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats.default(ajv);
// The spec's integer formats state sizes (ASSUMPTIONS.md, "Integer formats"); bounds are in minimum/maximum.
ajv.addFormat('int32', { type: 'number', validate: () => true });
ajv.addFormat('int64', { type: 'number', validate: () => true });

const tools = operationTools(specModel);

describe('tools from the spec model', () => {
  it('makes one tool per operation, named from its operationId in snake_case', () => {
    expect(tools.map(({ tool }) => tool.name)).toEqual([
      'create_chat_completion',
      'generate_images',
      'create_embeddings',
      'list_instance_types',
      'resize_volume',
      'list_billing_transactions',
    ]);
    expect(tools).toHaveLength(specModel.operations.length);
  });

  it.each(tools.map((tool) => [tool.tool.name, tool] as const))(
    '%s: input and output schemas are valid JSON Schema',
    (_name, { tool }) => {
      expect(() => ajv.compile(tool.inputSchema)).not.toThrow();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema, 'every operation answers JSON with 200').toBeDefined();
      expect(() => ajv.compile(tool.outputSchema as object)).not.toThrow();
      expect(JSON.stringify(tool)).not.toContain('$ref');
    },
  );

  it.each(tools.map((tool) => [tool.tool.name, tool] as const))(
    "%s: the spec's examples fit its schemas",
    (_name, { tool, operation }) => {
      const validInput = ajv.compile(tool.inputSchema);
      expect(validInput(exampleArguments(operation.operationId)), ajv.errorsText(validInput.errors)).toBe(
        true,
      );
      const answer = operation.responses['200']?.content['application/json']?.example;
      expect(answer, 'the spec has a 200 example').toBeDefined();
      const validOutput = ajv.compile(tool.outputSchema as object);
      expect(validOutput(answer), ajv.errorsText(validOutput.errors)).toBe(true);
    },
  );

  it.each(tools.map((tool) => [tool.tool.name, tool] as const))(
    '%s: takes exactly the parameters and body fields of the spec',
    (_name, { tool, operation }) => {
      const body = jsonRequestBody(operation);
      const expected = [
        ...operation.parameters.filter((p) => p.in === 'path' || p.in === 'query').map((p) => p.name),
        ...Object.keys(((body?.schema as { properties?: object } | undefined)?.properties ?? {}) as object),
      ];
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(expected.sort());
      const required = [
        ...operation.parameters.filter((p) => p.required).map((p) => p.name),
        ...(operation.requestBody?.required ? ((body?.schema.required as string[] | undefined) ?? []) : []),
      ];
      expect([...(tool.inputSchema.required ?? [])].sort()).toEqual(required.sort());
    },
  );

  it('refuses in the schema what the spec refuses (a resize below 10 GB, an unknown argument)', () => {
    const resize = tools.find(({ tool }) => tool.name === 'resize_volume');
    const valid = ajv.compile(resize?.tool.inputSchema as object);
    expect(valid({ id: 'vol_training', size_gb: 500 })).toBe(true);
    expect(valid({ id: 'vol_training', size_gb: 9 })).toBe(false);
    expect(valid({ id: 'vol_training', size_gb: 500, size: 1 })).toBe(false);
  });

  it('hints from the spec: GETs read only and idempotent, x-state-changing ones neither, none destructive, all open-world', () => {
    for (const { tool, operation } of tools) {
      const reads = operation.method === 'GET';
      expect(tool.annotations, tool.name).toEqual({
        title: operation.summary,
        readOnlyHint: reads,
        destructiveHint: false,
        idempotentHint: reads,
        openWorldHint: true,
      });
      expect(operation.stateChanging).toBe(!reads);
      if (operation.stateChanging) expect(tool.description).toContain('x-state-changing');
    }
  });

  it('describes each tool with the summary and the description of its operation, the cost note included', () => {
    const images = tools.find(({ tool }) => tool.name === 'generate_images');
    expect(images?.tool.description).toMatch(/^Generate images\n\nGenerates images from a text prompt\./);
    expect(images?.tool.description).toContain('This call is billable');
  });

  it('asks for confirmation on a resize only, and streams chat only', () => {
    expect(tools.filter((t) => t.confirms).map(({ tool }) => tool.name)).toEqual(['resize_volume']);
    expect(tools.filter((t) => t.streams).map(({ tool }) => tool.name)).toEqual(['create_chat_completion']);
  });
});
