/**
 * The summary of every page's note: what a reader learns by opening it, in a reader's words. The spec calls these
 * `x-assumption`s, which means nothing to someone calling the API.
 */
export const assumptionNoteSummary = 'Not documented by the service: what to expect here';

/** The note's first sentence, inside it: why these points are set apart. */
export const assumptionNoteLead =
  "The service's own documentation does not say how it behaves on these points. The toolkit (its clients, its simulator and these docs) does as follows; a deployment may differ.";

/**
 * Keys whose values are data (an example, an enum value, a default): an object there is a value the API sends or
 * takes, never a part of the document to annotate.
 */
const dataKeys = new Set(['example', 'examples', 'value', 'enum', 'const', 'default', 'x-codeSamples']);

/**
 * @typedef {{ label: string, text: string }} AssumptionPoint One `x-assumption`, with the field, status or header it
 *   is about (empty for the page's own subject).
 */

/**
 * The object a local `$ref` (`#/components/schemas/X`) points at, or undefined.
 * @param {any} spec
 * @param {string} ref
 */
function resolveRef(spec, ref) {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), spec);
}

/**
 * Every `x-assumption` under `root`, following local `$ref`s (a schema, a shared response, a header) once each, so a
 * page's note covers what the page shows: an operation's parameters, body fields, answers and their headers.
 * @param {any} spec
 * @param {unknown} root
 * @param {string} [rootLabel]
 * @returns {AssumptionPoint[]}
 */
export function assumptionPoints(spec, root, rootLabel = '') {
  /** @type {AssumptionPoint[]} */
  const points = [];
  const seenRefs = new Set();
  const seenTexts = new Set();
  /** @param {unknown} node @param {string} label */
  const visit = (node, label) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, label);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const object = /** @type {Record<string, any>} */ (node);
    if (typeof object.$ref === 'string') {
      if (seenRefs.has(object.$ref)) return;
      seenRefs.add(object.$ref);
      visit(resolveRef(spec, object.$ref), label);
      return;
    }
    const assumption = object['x-assumption'];
    if (typeof assumption === 'string' && assumption.trim() !== '' && !seenTexts.has(assumption.trim())) {
      seenTexts.add(assumption.trim());
      points.push({ label, text: assumption.trim() });
    }
    for (const [key, value] of Object.entries(object)) {
      if (dataKeys.has(key)) continue;
      if (key === 'properties' || key === 'headers' || key === 'responses' || key === 'variables') {
        for (const [name, child] of Object.entries(value ?? {}))
          visit(child, key === 'responses' ? name : `\`${name}\``);
      } else if (key === 'parameters' && Array.isArray(value)) {
        for (const parameter of value) {
          const named = parameter?.$ref ? resolveRef(spec, parameter.$ref) : parameter;
          visit(parameter, named?.name ? `\`${named.name}\`` : label);
        }
      } else {
        visit(value, label);
      }
    }
  };
  visit(root, rootLabel);
  return points;
}

/**
 * A point as a reader reads it: where the spec's authors cite their own notes file, the reader is sent to the site's
 * introduction, which shows the part of it that is for them.
 * @param {string} text
 */
export function forReaders(text) {
  return text
    .replace(/\(?spec\/ASSUMPTIONS\.md,\s*("[^"]+")\)?/g, "(the introduction's table $1)")
    .replace(/`?spec\/ASSUMPTIONS\.md`?/g, "the toolkit's notes")
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * One page's note, as Markdown: a collapsed `<details>` (Scalar renders it closed, its Markdown inside), one bullet
 * a point, each starting with what it is about.
 * @param {AssumptionPoint[]} points
 * @returns {string}
 */
export function assumptionNote(points) {
  const items = points.map(({ label, text }) => `- ${label ? `${label}: ` : ''}${forReaders(text)}`);
  return [
    '<details>',
    `<summary>${assumptionNoteSummary}</summary>`,
    '',
    assumptionNoteLead,
    '',
    ...items,
    '',
    '</details>',
  ].join('\n');
}

/** A paragraph of the introduction that speaks of the spec's files and extensions rather than of the API. */
const authorsParagraph = /`x-assumption`|ASSUMPTIONS\.md/;

/**
 * `description` with the note at its end, when there are points.
 * @param {unknown} description
 * @param {AssumptionPoint[]} points
 */
const withNote = (description, points) => {
  const text = typeof description === 'string' ? description.trimEnd() : '';
  if (points.length === 0) return description;
  return `${text ? `${text}\n\n` : ''}${assumptionNote(points)}\n`;
};

/**
 * A copy of the spec in which each page of the site carries one collapsed note with every assumption it shows: each
 * operation (its own, its parameters', its body's fields', its answers' and their headers'), and the introduction
 * (the API's, its servers' and its authentication's). The spec keeps them apart in `x-assumption`, so that the types
 * and the MCP tools, which read descriptions, say only what the API does; the introduction's paragraph about that
 * extension, written for the spec's authors, is left out here.
 * @template T
 * @param {T} spec
 * @returns {T}
 */
export function withAssumptionNotes(spec) {
  const copy = /** @type {any} */ (structuredClone(spec));
  for (const item of Object.values(copy.paths ?? {})) {
    for (const [method, operation] of Object.entries(/** @type {Record<string, any>} */ (item))) {
      if (!['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method)) continue;
      operation.description = withNote(operation.description, assumptionPoints(copy, operation));
    }
  }
  const introduction = String(copy.info.description ?? '')
    .split(/\n\s*\n/)
    .filter((paragraph) => !authorsParagraph.test(paragraph))
    .join('\n\n');
  const points = [
    ...assumptionPoints(copy, copy.info),
    ...assumptionPoints(copy, copy.servers, 'The base addresses'),
    ...assumptionPoints(copy, copy.components?.securitySchemes, 'Authentication'),
  ];
  copy.info.description = withNote(introduction, points);
  return copy;
}
