import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

/** The text blocks of a tool result, joined. */
export const textOf = (result: unknown): string =>
  ((result as CallToolResult).content ?? [])
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');

/** The text of a result that must be an error result (`isError`), for the assertions on what it says. */
export function errorTextOf(result: unknown): string {
  expect((result as CallToolResult).isError, textOf(result)).toBe(true);
  return textOf(result);
}
