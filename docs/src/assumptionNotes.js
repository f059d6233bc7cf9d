/**
 * The lead of every note: the sentence that follows is the toolkit's choice where the service says nothing, not a
 * promise of the service.
 */
export const assumptionNoteLead = 'Toolkit assumption:';

/**
 * Keys whose values are data (an example, an enum value, a default): an object there is a value the API sends or
 * takes, never a part of the document to annotate.
 */
const dataKeys = new Set(['example', 'examples', 'value', 'enum', 'const', 'default', 'x-codeSamples']);

/**
 * The note for one `x-assumption`, as Markdown: a GitHub-style alert (`> [!NOTE]`), which Scalar's Markdown renders as
 * a callout of its own colour and icon (`.markdown-alert-note`). Scalar reads an alert only at the top level of a
 * description, so the note is appended after it, never nested in a list or a quote.
 * @param {string} assumption
 * @returns {string}
 */
export function assumptionNote(assumption) {
  const lines = `**${assumptionNoteLead}** ${assumption.trim()}`.split('\n');
  return ['> [!NOTE]', ...lines.map((line) => `> ${line}`)].join('\n');
}

/**
 * A copy of the spec in which every object with an `x-assumption` (an operation, a schema, a property, a parameter,
 * a response, a header, a server variable...) shows it under its description as a note. Scalar does not know the
 * extension, so the docs write it into the one field Scalar renders; the spec itself keeps the two apart, so that the
 * types and the MCP tools, which read descriptions, say only what the API does.
 * @template T
 * @param {T} spec
 * @returns {T}
 */
export function withAssumptionNotes(spec) {
  const copy = structuredClone(spec);
  /** @param {unknown} node */
  const visit = (node) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const object = /** @type {Record<string, unknown>} */ (node);
    const assumption = object['x-assumption'];
    if (typeof assumption === 'string' && assumption.trim() !== '') {
      const description = typeof object.description === 'string' ? object.description.trimEnd() : '';
      object.description = `${description ? `${description}\n\n` : ''}${assumptionNote(assumption)}\n`;
    }
    for (const [key, value] of Object.entries(object)) if (!dataKeys.has(key)) visit(value);
  };
  visit(copy);
  return copy;
}
