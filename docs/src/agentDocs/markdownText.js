// The few pieces of Markdown the agent pages are written with.

/**
 * A description as one line of a table cell: the site's assumption notes (`> [!NOTE]` alerts, which only stand at
 * the top level of a description) become plain text, line breaks become spaces and `|` is escaped, so a cell can
 * never end its row early.
 * @param {unknown} markdown
 * @returns {string}
 */
export function cellText(markdown) {
  if (typeof markdown !== 'string') return '';
  return markdown
    .split('\n')
    .filter((line) => line.trim() !== '> [!NOTE]')
    .map((line) => line.replace(/^>\s?/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');
}

/**
 * A Markdown table.
 * @param {string[]} headers
 * @param {string[][]} rows Cells already made with `cellText` or code spans.
 */
export function table(headers, rows) {
  const line = (/** @type {string[]} */ cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * A code span that survives any backticks inside it (CommonMark: a longer run of backticks around it).
 * @param {string} text
 */
export function codeSpan(text) {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest === 0 ? `${fence}${text}${fence}` : `${fence} ${text} ${fence}`;
}

/**
 * A fenced code block holding `source` exactly: its fence is longer than any run of backticks in the source.
 * @param {string} info The language, e.g. `sh` or `ts`.
 * @param {string} source
 */
export function codeBlock(info, source) {
  const longest = Math.max(0, ...[...source.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${source.replace(/\n$/, '')}\n${fence}`;
}

/**
 * The first sentence of a description, as one line: what a list of links says of each page.
 * @param {unknown} markdown
 */
export function firstSentence(markdown) {
  const text = cellText(markdown).replace(/\\\|/g, '|');
  const end = text.search(/[.!?](\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}
