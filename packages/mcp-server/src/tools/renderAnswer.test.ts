import { describe, expect, it } from 'vitest';
import { specModel } from '../test/specExamples.js';
import { operationTools } from './operationTools.js';
import { renderAnswer } from './renderAnswer.js';
import { requestPartsOf } from './requestParts.js';

const tools = operationTools(specModel);
const toolNamed = (name: string) => {
  const found = tools.find(({ tool }) => tool.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('requestPartsOf', () => {
  it('puts each argument where the spec says: path, query, or the body', () => {
    expect(requestPartsOf(toolNamed('resize_volume'), { id: 'vol_a', size_gb: 20 })).toEqual({
      ok: true,
      parts: { path: { id: 'vol_a' }, query: {}, body: { size_gb: 20 } },
    });
    expect(requestPartsOf(toolNamed('list_billing_transactions'), { limit: 5, type: 'usage' })).toEqual({
      ok: true,
      parts: { path: {}, query: { limit: 5, type: 'usage' }, body: undefined },
    });
  });

  it('refuses an argument the operation does not take, and arguments that are not an object', () => {
    const unknown = requestPartsOf(toolNamed('list_instance_types'), { gpu: 'H100' });
    expect(unknown).toMatchObject({ ok: false, issues: [{ field: 'gpu' }] });
    expect(JSON.stringify(unknown)).toContain('its arguments: gpu_type, region, gpu_count');
    expect(requestPartsOf(toolNamed('list_instance_types'), [1])).toMatchObject({
      ok: false,
      issues: [{ field: 'arguments' }],
    });
  });

  it("refuses with the validators' own words, every broken rule at once", () => {
    const result = requestPartsOf(toolNamed('resize_volume'), { id: 'vol_a', size_gb: 10.5, sizeGb: 20 });
    expect(result.ok).toBe(false);
    const messages = result.ok ? [] : result.issues.map((issue) => issue.message);
    expect(messages.join('\n')).toMatch(/size_gb: must be an integer/);
    expect(messages.join('\n')).toMatch(/sizeGb/);
  });
});

describe('renderAnswer', () => {
  it('says the last page is the last one, and a short page of a list without offset asks nothing', () => {
    const transactions = toolNamed('list_billing_transactions');
    const last = renderAnswer(
      transactions,
      { data: [{ id: 't1' }], meta: { requestId: 'r', hasMore: false, total: 11 } },
      { offset: 10 },
      'r',
    );
    expect(last).toBe(
      '1 of 11 items from offset 10:\n\n| id |\n| --- |\n| t1 |\n\nThis is the last page.\nRequest id: r',
    );
    const types = renderAnswer(
      toolNamed('list_instance_types'),
      { data: [], meta: { requestId: 'r' } },
      {},
      null,
    );
    expect(types).toBe('0 items:\n\n(no items)');
  });

  it('escapes table cells and shows arrays by their length', () => {
    const text = renderAnswer(
      toolNamed('create_embeddings'),
      { data: [{ index: 0, embedding: [0.1, 0.2], note: 'a|b' }] },
      {},
      null,
    );
    expect(text).toContain('| 0 | [2 items] | a\\|b |');
  });
});
