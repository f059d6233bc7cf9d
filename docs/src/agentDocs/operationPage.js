// The Markdown page of one operation (`/operations/<operationId>.md`), for AI tools and anyone who reads text: what
// the HTML page shows of it, from the same built document and the same sample generator.
import { errorStatusTypes, pointerOf } from '@inference-infra/types/spec-model';
import { codeSamplesOf } from '../samples/codeSamples.js';
import { cellText, codeBlock, codeSpan, table } from './markdownText.js';
import { boundsText, componentName, componentOf, defaultText, resolved, typeText } from './schemaText.js';

/** The info string of a sample's code block, by the `lang` its `x-codeSamples` entry names. */
const fenceInfo = /** @type {Record<string, string>} */ ({
  Shell: 'sh',
  TypeScript: 'ts',
  Vue: 'vue',
  Svelte: 'svelte',
});

/**
 * Where the HTML page shows the operation, as Scalar's reference addresses it: `#tag/<tag>/<METHOD><path>`.
 * @param {{ tags: string[], method: string, path: string }} operation
 */
export function htmlAnchor(operation) {
  return `tag/${(operation.tags[0] ?? '').toLowerCase()}/${operation.method}${operation.path}`;
}

/**
 * The operation as the spec model reads it, plus what the model leaves out (its description, each response's).
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 * @param {string} operationId
 */
function operationOf(model, operationId) {
  const operation = model.operation(operationId);
  const raw = model.resolve(pointerOf('paths', operation.path, operation.method.toLowerCase())).value;
  return { operation, raw };
}

/**
 * The fields of an object schema as table rows: name, type, required, default, rules, description.
 * @param {any} document
 * @param {any} node
 * @returns {string[][]}
 */
function fieldRows(document, node) {
  const { schema } = resolved(document, node);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, field]) => [
    codeSpan(name),
    cellText(typeText(document, field)),
    required.has(name) ? 'yes' : 'no',
    defaultText(document, field) ? codeSpan(defaultText(document, field)) : '',
    cellText(boundsText(document, field)),
    cellText(field.description ?? resolved(document, field).schema.description),
  ]);
}

/**
 * The named object schemas the fields of a schema hold, directly or as the items of an array, by name.
 * @param {any} document
 * @param {any} node
 * @returns {Map<string, any>}
 */
function nestedComponents(document, node) {
  const found = new Map();
  for (const field of Object.values(resolved(document, node).schema.properties ?? {})) {
    const inner = /** @type {any} */ (field).type === 'array' ? /** @type {any} */ (field).items : field;
    const { schema, name } = resolved(document, inner);
    if (name && schema.properties) found.set(name, inner);
  }
  return found;
}

/** @param {import('@inference-infra/types/spec-model').SpecMediaType} media */
function schemaNameOf(media) {
  return componentName(media.schemaPointer) ?? 'inline schema';
}

/**
 * One media type of an answer, in words: `application/json`: `ChatCompletion`, or a stream's event schema.
 * @param {any} document
 * @param {string} type
 * @param {import('@inference-infra/types/spec-model').SpecMediaType} media
 */
function contentText(document, type, media) {
  if (media.streamEventSchemaPointer) {
    const event = componentOf(document, media.streamEventSchemaPointer) ?? 'event';
    const end = media.streamTerminator ? `, then \`data: ${media.streamTerminator}\`` : '';
    return `${codeSpan(type)}: one ${codeSpan(event)} as JSON in each \`data:\` line${end}`;
  }
  return `${codeSpan(type)}: ${codeSpan(schemaNameOf(media))}`;
}

/**
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 * @param {import('@inference-infra/types/spec-model').SpecOperation} operation
 */
function parametersSection(model, operation) {
  const rows = operation.parameters.map((parameter) => [
    codeSpan(parameter.name),
    parameter.in,
    cellText(typeText(model.document, parameter.schema, componentName(parameter.schemaPointer))),
    parameter.required ? 'yes' : 'no',
    defaultText(model.document, parameter.schema)
      ? codeSpan(defaultText(model.document, parameter.schema))
      : '',
    cellText(boundsText(model.document, parameter.schema)),
    cellText(parameter.description),
  ]);
  return [
    '## Parameters',
    rows.length === 0
      ? 'None.'
      : table(['name', 'in', 'type', 'required', 'default', 'rules', 'description'], rows),
  ].join('\n\n');
}

/**
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 * @param {import('@inference-infra/types/spec-model').SpecOperation} operation
 */
function requestBodySection(model, operation) {
  const body = operation.requestBody;
  if (!body) return '## Request body\n\nNone.';
  const parts = ['## Request body'];
  for (const [type, media] of Object.entries(body.content)) {
    parts.push(
      `${codeSpan(type)}, ${body.required ? 'required' : 'optional'}: ${codeSpan(schemaNameOf(media))}.`,
    );
    const description = cellText(media.schema.description);
    if (description) parts.push(description);
    const rows = fieldRows(model.document, media.schema);
    if (rows.length > 0)
      parts.push(table(['field', 'type', 'required', 'default', 'rules', 'description'], rows));
  }
  return parts.join('\n\n');
}

/**
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 * @param {import('@inference-infra/types/spec-model').SpecOperation} operation
 * @param {any} raw The operation object of the document.
 */
function responsesSection(model, operation, raw) {
  const successes = Object.values(operation.responses).filter(({ status }) => !(Number(status) >= 400));
  const parts = ['## Responses'];
  for (const response of successes) {
    const description = cellText(resolved(model.document, raw.responses[response.status]).schema.description);
    const content = Object.entries(response.content).map(([type, media]) =>
      contentText(model.document, type, media),
    );
    const headers = Object.entries(response.headers).map(
      ([name, header]) =>
        `header ${codeSpan(name)}: ${typeText(model.document, header.schema)}${header.required ? ', always sent' : ''}`,
    );
    parts.push(`### ${response.status}\n\n${description}`);
    const facts = [...content, ...headers];
    if (facts.length > 0) parts.push(facts.map((line) => `- ${line}`).join('\n'));
    const json = response.content['application/json'];
    const rows = json ? fieldRows(model.document, json.schema) : [];
    if (rows.length > 0) {
      parts.push(
        `Fields of ${codeSpan(schemaNameOf(/** @type {any} */ (json)))}:`,
        table(['field', 'type', 'required', 'default', 'rules', 'description'], rows),
      );
      // One level down, the objects the answer is made of (a list's items, its meta), so a reader needs no other page.
      for (const [name, node] of nestedComponents(model.document, json?.schema)) {
        parts.push(
          `Fields of ${codeSpan(name)}:`,
          table(
            ['field', 'type', 'required', 'default', 'rules', 'description'],
            fieldRows(model.document, node),
          ),
        );
      }
    }
  }
  return parts.join('\n\n');
}

/**
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 * @param {import('@inference-infra/types/spec-model').SpecOperation} operation
 * @param {any} raw
 */
function errorsSection(model, operation, raw) {
  const types = errorStatusTypes(model);
  const failures = Object.values(operation.responses).filter(({ status }) => Number(status) >= 400);
  if (failures.length === 0) return '## Errors\n\nNone listed.';
  const bodies = new Set(
    failures.flatMap(({ content }) => Object.values(content).map((media) => schemaNameOf(media))),
  );
  const rows = failures.map(({ status }) => [
    status,
    types.get(Number(status)) ? codeSpan(/** @type {string} */ (types.get(Number(status)))) : '',
    cellText(resolved(model.document, raw.responses[status]).schema.description),
  ]);
  return [
    '## Errors',
    `Every failure answers ${[...bodies].map(codeSpan).join(', ')} (the error body of \`llms.txt\`), with \`error.type\` by status:`,
    table(['status', 'error.type', 'when'], rows),
  ].join('\n\n');
}

/**
 * @param {import('../specOperations.js').SpecOperation} sampled The operation as the sample generator takes it.
 */
function samplesSection(sampled) {
  const samples = codeSamplesOf(sampled).map(
    ({ lang, label, source }) => `### ${label}\n\n${codeBlock(fenceInfo[lang] ?? '', source)}`,
  );
  return ['## Code samples', ...samples].join('\n\n');
}

/**
 * The Markdown page of one operation: method, path and base address, description, parameters with types, bounds and
 * defaults, request body and answers summarised, errors, and the code samples the HTML page shows, made by the same
 * generator from the same operation.
 * @param {import('@inference-infra/types/spec-model').SpecModel} model The spec model of the built document.
 * @param {import('../specOperations.js').SpecOperation} sampled The same operation, as `specOperations` reads it.
 * @returns {string}
 */
export function operationPage(model, sampled) {
  const { operation, raw } = operationOf(model, sampled.operationId);
  const title = operation.summary ?? operation.operationId;
  const facts = [
    `- Operation id: ${codeSpan(operation.operationId)}; tag: ${operation.tags.join(', ') || 'none'}`,
    `- Base address: ${codeSpan(operation.server.url)}, by default ${codeSpan(operation.server.default)}: ${codeSpan(`${operation.method} ${operation.server.default}${operation.path}`)}`,
    '- Auth: `Authorization: Bearer <API_KEY>`',
    `- HTML page: [${title}](../index.html#${htmlAnchor(operation)}), with a console that sends it`,
    operation.stateChanging
      ? '- Changes state or is billable (`x-state-changing`): never repeat it on your own once the server may have acted.'
      : '- Reads only: safe to repeat.',
  ];
  const sections = [
    `# ${title}`,
    codeSpan(`${operation.method} ${operation.path}`),
    facts.join('\n'),
    typeof raw.description === 'string' ? raw.description.trim() : '',
    parametersSection(model, operation),
    requestBodySection(model, operation),
    responsesSection(model, operation, raw),
    errorsSection(model, operation, raw),
    samplesSection(sampled),
  ];
  return `${sections.filter(Boolean).join('\n\n')}\n`;
}
