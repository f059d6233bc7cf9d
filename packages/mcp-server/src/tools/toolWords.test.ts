import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../server/createMcpServer.js';

/**
 * Every `x-assumption` sentence of the bundled spec: what the service leaves open and what the toolkit assumes, a note
 * for the docs' readers. An agent reads what a tool does; the toolkit's reasoning about the service would only cost
 * it context and blur what the call does.
 */
function assumptionSentences(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) assumptionSentences(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-assumption' && typeof value === 'string') found.push(value);
      else assumptionSentences(value, found);
    }
  }
  return found;
}

/** Every string of a tool an agent is shown, with where it is, and every key that is a spec extension (`x-...`). */
function wordsOf(value: unknown, at: string, found: { at: string; text: string }[] = []) {
  if (typeof value === 'string') found.push({ at, text: value });
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) wordsOf(item, `${at}[${index}]`, found);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('x-')) found.push({ at: `${at}.${key}`, text: `the spec's extension ${key}` });
      wordsOf(item, `${at}.${key}`, found);
    }
  }
  return found;
}

// Every tool, the state-changing and billable ones included: what tools/list shows with --allow-writes. The key is
// never used: nothing is called.
const tools = createMcpServer({ apiKey: 'ii_live_tool_words', allowWrites: true }).listed.map(
  ({ tool }) => tool,
);
const assumptions = assumptionSentences(bundledSpec);

describe('the words of the tools an agent reads', () => {
  it('reads the spec the tools come from: the spec marks its assumptions, and every tool has a description', () => {
    expect(assumptions.length).toBeGreaterThan(0);
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(tool.description?.trim(), tool.name).toBeTruthy();
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))(
    '%s: its description, input schema and output schema hold no assumption, no "Assumed" and no interface document',
    (name, tool) => {
      const words = wordsOf(
        { description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema },
        name,
      );
      // The schemas' own words are checked too, recursively: a property's description is what an agent fills it by.
      expect(words.filter(({ at }) => /\.description$/.test(at)).length).toBeGreaterThan(1);
      const internal = words.filter(
        ({ text }) =>
          /\bassumed\b|interface document|the spec's extension/i.test(text) ||
          assumptions.some((sentence) => text.includes(sentence)),
      );
      expect(internal).toEqual([]);
    },
  );
});
