import type { OperationTool } from './operationTools.js';

/** Rows of a list shown in the text; the whole list is in `structuredContent`. */
const maxRows = 100;

type Answer = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return `[${value.length} items]`;
  if (typeof value === 'object') return JSON.stringify(value).slice(0, 60);
  return String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** A list of records as a Markdown table, the columns in the order of the first record's fields. */
function table(rows: unknown[]): string {
  const records = rows.filter((row): row is Answer => typeof row === 'object' && row !== null);
  if (records.length === 0) return '(no items)';
  const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const lines = [`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`];
  for (const record of records.slice(0, maxRows))
    lines.push(`| ${columns.map((c) => cell(record[c])).join(' | ')} |`);
  if (records.length > maxRows)
    lines.push(`(${records.length - maxRows} more rows in the structured result)`);
  return lines.join('\n');
}

/**
 * What to ask for next, for a list paged by `offset`: the same arguments with the next offset. From the spec's
 * paging fields (`hasMore`, else `total`), as the fetch client pages.
 */
function nextPage(tool: OperationTool, args: Answer, count: number, meta: Answer): string | undefined {
  if (!tool.queryParameters.includes('offset') || count === 0) return undefined;
  const offset = (typeof args.offset === 'number' ? args.offset : 0) + count;
  const more =
    typeof meta.hasMore === 'boolean' ? meta.hasMore : typeof meta.total === 'number' && offset < meta.total;
  if (!more) return 'This is the last page.';
  return `More: call ${tool.tool.name} with ${JSON.stringify({ ...args, offset })}.`;
}

function chatText(answer: Answer): string | undefined {
  const choices = answer.choices;
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  const texts = choices.map((choice) => {
    const { message, finish_reason: finish } = (choice ?? {}) as {
      message?: { content?: unknown };
      finish_reason?: unknown;
    };
    const content = typeof message?.content === 'string' ? message.content : '';
    return finish && finish !== 'stop' ? `${content}\n(finish_reason: ${String(finish)})` : content;
  });
  const usage = answer.usage as Answer | undefined;
  const tokens = usage
    ? `\n\n(${usage.prompt_tokens} prompt + ${usage.completion_tokens} completion tokens)`
    : '';
  return texts.join('\n\n---\n\n') + tokens;
}

/**
 * A short text of an answer for the model: the whole reply of a chat, a table of a list with its paging and what
 * to ask next, the fields of one record. The answer itself is the structured result.
 */
export function renderAnswer(
  tool: OperationTool,
  answer: unknown,
  args: Answer,
  requestId: string | null,
): string {
  const footer = requestId ? `\nRequest id: ${requestId}` : '';
  if (typeof answer !== 'object' || answer === null)
    return `${JSON.stringify(answer) ?? '(no body)'}${footer}`;
  const record = answer as Answer;
  const chat = chatText(record);
  if (chat !== undefined) return chat + footer;
  if (Array.isArray(record.data)) {
    const meta = (record.meta ?? {}) as Answer;
    const count = record.data.length;
    const total = typeof meta.total === 'number' ? ` of ${meta.total}` : '';
    const from = typeof args.offset === 'number' ? ` from offset ${args.offset}` : '';
    const lines = [
      `${count}${total} ${(typeof meta.total === 'number' ? meta.total : count) === 1 ? 'item' : 'items'}${from}:`,
      table(record.data),
    ];
    const next = nextPage(tool, args, count, meta);
    if (next) lines.push(next);
    return lines.join('\n\n') + footer;
  }
  const fields = typeof record.data === 'object' && record.data !== null ? (record.data as Answer) : record;
  return (
    Object.entries(fields)
      .map(([name, value]) => `${name}: ${cell(value)}`)
      .join('\n') + footer
  );
}
