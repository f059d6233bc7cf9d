import type { Path } from '../cases/jsonPath.js';
import { typesOf } from '../model/schemaTypes.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../model/spec.js';
import type { CoverageEntry } from './coverageEntry.js';
import {
  answerFieldEntry,
  answerHeaderEntry,
  assumptionEntry,
  bodyEntry,
  crossFieldEntry,
  effectEntry,
  parameterEntry,
  streamFailureEntry,
} from './coverageIds.js';
import { crossFieldRules } from './crossFieldRules.js';
import { sequenceEntries } from './sequenceEntries.js';

/** Keywords of a schema that are rules a server must hold, each one entry (its value shown as the detail). */
const ruleKeywords = [
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'const',
  'minItems',
  'maxItems',
] as const;

/** Nesting the walks follow: deep enough for chat messages' content parts, and finite for a schema that holds itself. */
const maxDepth = 6;

function detailOf(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The rules of one schema as entries, through `name(facet)`: each keyword, and the type when it can be broken. */
function ruleEntries(
  schema: JsonObject,
  name: (facet: string) => string,
  base: Omit<CoverageEntry, 'id'>,
  typeBreakable: boolean,
): CoverageEntry[] {
  const entries: CoverageEntry[] = [];
  const types = typesOf(schema);
  if (typeBreakable && types.length === 1) entries.push({ ...base, id: name('type'), detail: types[0] });
  for (const keyword of ruleKeywords) {
    if (schema[keyword] !== undefined)
      entries.push({ ...base, id: name(keyword), detail: detailOf(schema[keyword]) });
  }
  if (schema.not !== undefined) entries.push({ ...base, id: name('not'), detail: 'refused' });
  return entries;
}

/** Every rule of a request body, field by field: bounds, enums, patterns, requiredness, types, branches, openness. */
function bodyEntries(spec: ContractSpec, op: SpecOperation): CoverageEntry[] {
  const media = jsonRequestBody(op);
  if (!media) return [];
  const entries: CoverageEntry[] = [];
  const base = { kind: 'body' as const, operationId: op.operationId };
  const walk = (pointer: string, path: Path, depth: number, required: boolean) => {
    const { pointer: at, value: schema } = spec.resolve(pointer);
    const name = (facet: string) => bodyEntry(op.operationId, path, facet);
    if (path.length > 0) {
      if (required) entries.push({ ...base, id: name('required') });
      entries.push(...ruleEntries(schema, name, base, true));
    } else {
      entries.push({ ...base, id: name('type'), detail: 'object' });
    }
    if (depth >= maxDepth) return;
    const properties = (schema.properties as JsonObject | undefined) ?? {};
    const requiredNames = (schema.required as string[] | undefined) ?? [];
    if (typesOf(schema).includes('object') || schema.properties) {
      if (schema.additionalProperties === false) entries.push({ ...base, id: name('closed') });
      else if (Object.keys(properties).length > 0) entries.push({ ...base, id: name('open') });
      for (const property of Object.keys(properties)) {
        const child = `${at}/properties/${property.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        walk(child, [...path, property], depth + 1, requiredNames.includes(property));
      }
      const values = schema.additionalProperties;
      if (typeof values === 'object' && values !== null) {
        walk(`${at}/additionalProperties`, [...path, '*'], depth + 1, false);
      }
    }
    if (typesOf(schema).includes('array') || schema.items)
      walk(`${at}/items`, [...path, 0], depth + 1, false);
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branches = schema[keyword] as JsonObject[] | undefined;
      branches?.forEach((branch, index) => {
        const title = typeof branch.title === 'string' ? ` (${branch.title})` : '';
        entries.push({ ...base, id: name(`${keyword}[${index}]`), detail: `accepted${title}` });
        walk(`${at}/${keyword}/${index}`, path, depth + 1, false);
      });
    }
  };
  walk(media.schemaPointer, [], 0, false);
  return entries;
}

function parameterEntries(spec: ContractSpec, op: SpecOperation): CoverageEntry[] {
  const entries: CoverageEntry[] = [];
  const base = { kind: 'parameter' as const, operationId: op.operationId };
  for (const parameter of op.parameters) {
    if (parameter.in !== 'query' && parameter.in !== 'path') continue;
    const at = parameter.in;
    const name = (facet: string) => parameterEntry(op.operationId, at, parameter.name, facet);
    const schema = spec.resolve(parameter.schemaPointer).value;
    // What the parameter does (a filter filters, a page size pages, a path id names what exists).
    entries.push({ ...base, id: name('honoured') });
    if (parameter.required) entries.push({ ...base, id: name('required') });
    // Any text is a string: only a parameter of another type can be sent one of the wrong type.
    const breakable = !typesOf(schema).includes('string');
    entries.push(...ruleEntries(schema, name, base, breakable));
  }
  return entries;
}

/** The required fields of an answer's schema, as paths (`data[].id`), following `$ref`s, items and nested objects. */
function requiredFields(spec: ContractSpec, pointer: string, prefix = '', depth = 0): string[] {
  if (depth >= maxDepth) return [];
  const { pointer: at, value: schema } = spec.resolve(pointer);
  const fields: string[] = [];
  const properties = (schema.properties as JsonObject | undefined) ?? {};
  for (const name of (schema.required as string[] | undefined) ?? []) {
    const path = prefix ? `${prefix}.${name}` : name;
    fields.push(path);
    if (properties[name] !== undefined) {
      fields.push(...requiredFields(spec, `${at}/properties/${name}`, path, depth + 1));
    }
  }
  if (schema.items) fields.push(...requiredFields(spec, `${at}/items`, `${prefix}[]`, depth + 1));
  return fields;
}

/**
 * The fields and headers an answer of this status must carry, as entries: what a check that expects this status (and
 * so validates the answer against its schema) covers. `mediaType` picks one body when the status has several.
 */
export function answerEntries(
  spec: ContractSpec,
  op: SpecOperation,
  status: number | string,
  mediaType = 'application/json',
): CoverageEntry[] {
  const response = op.responses[String(status)];
  if (!response) return [];
  const base = { kind: 'answer' as const, operationId: op.operationId };
  const entries: CoverageEntry[] = [];
  const media = response.content[mediaType];
  if (media) {
    const where = mediaType === 'text/event-stream' ? 'event' : 'body';
    const pointer =
      mediaType === 'text/event-stream' ? media.streamEventSchemaPointer : (media.schemaPointer as string);
    for (const field of pointer ? requiredFields(spec, pointer) : []) {
      entries.push({ ...base, id: answerFieldEntry(op.operationId, response.status, where, field) });
    }
  }
  for (const [name, header] of Object.entries(response.headers)) {
    if (header.required)
      entries.push({ ...base, id: answerHeaderEntry(op.operationId, response.status, name) });
  }
  return entries;
}

/** The ids of {@link answerEntries}: what a check declares when it expects that answer. */
export function answerCovers(
  spec: ContractSpec,
  op: SpecOperation,
  status: number | string,
  mediaType?: string,
): string[] {
  return answerEntries(spec, op, status, mediaType).map((entry) => entry.id);
}

/**
 * The resource a state-changing call answers (`data` of its 200), when it names one by a path id: what the effect
 * entries are about. A field whose name is the body's field (`size_gb` and `sizeGb`) is the one the call changes.
 */
export function effectFields(spec: ContractSpec, op: SpecOperation) {
  const media = op.responses['200']?.content['application/json'];
  if (!media || !op.parameters.some((p) => p.in === 'path')) return undefined;
  const data = spec.resolve(`${media.schemaPointer}/properties/data`).value;
  const fields = Object.keys((data.properties as JsonObject | undefined) ?? {});
  const bodySchema = jsonRequestBody(op)?.schema;
  const asked = Object.keys((bodySchema?.properties as JsonObject | undefined) ?? {});
  const squash = (name: string) => name.replaceAll('_', '').toLowerCase();
  const changed = fields.filter((field) => asked.some((name) => squash(name) === squash(field)));
  const moved = fields.filter((field) => /^updated/i.test(field));
  // The resource's state: its values and transitions are not shown (volume-status-open-string, whose examples show
  // `resizing`), so a call may move it and no check may insist it stays.
  const free = fields.filter((field) => /^status$/i.test(field));
  const kept = fields.filter((field) => ![...changed, ...moved, ...free].includes(field));
  return { changed, moved, free, kept };
}

/**
 * What each state-changing operation does: the fields it changes and keeps, and that each kind of refusal (each
 * failure status it documents but 429 and 500, and for 400 each rule of the body) changes nothing.
 */
function effectEntries(spec: ContractSpec, op: SpecOperation): CoverageEntry[] {
  if (!op.stateChanging) return [];
  const base = { kind: 'effect' as const, operationId: op.operationId };
  const name = (what: string) => effectEntry(op.operationId, what);
  const entries: CoverageEntry[] = [];
  const fields = effectFields(spec, op);
  if (fields) {
    for (const field of fields.changed) entries.push({ ...base, id: name(`changes ${field}`) });
    for (const field of fields.moved) entries.push({ ...base, id: name(`moves ${field} forward`) });
    for (const field of fields.kept) entries.push({ ...base, id: name(`keeps ${field}`) });
    for (const field of fields.free) entries.push({ ...base, id: name(`may change ${field}`) });
  } else {
    entries.push({ ...base, id: name('billable') });
  }
  for (const status of Object.keys(op.responses).filter((s) => /^4\d\d$/.test(s) && s !== '429')) {
    if (status !== '400') {
      entries.push({ ...base, id: name(`a ${status} refusal changes nothing`) });
      continue;
    }
    const rules = new Set(
      bodyEntries(spec, op)
        .map((entry) => /: (\w+)$/.exec(entry.id)?.[1] ?? '')
        .filter((rule) => refusalRules.includes(rule)),
    );
    for (const rule of rules) entries.push({ ...base, id: name(`a 400 refusal (${rule}) changes nothing`) });
  }
  return entries;
}

/** Rules whose breach is a 400: the refusals of a state-changing call, each of which must change nothing. */
export const refusalRules = ['required', 'type', 'minimum', 'maximum', 'closed', 'enum', 'pattern', 'not'];

/** Every `x-assumption-id` of the spec (the key of its ASSUMPTIONS.md entry), in order of first use. */
export function specAssumptionIds(document: unknown): string[] {
  const ids: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'x-assumption-id' && typeof child === 'string' && !ids.includes(child)) ids.push(child);
        else visit(child);
      }
    }
  };
  visit(document);
  return ids;
}

/**
 * Ids of `spec/ASSUMPTIONS.md` that mark nothing in the spec: the security review's waivers, absences the spec declares
 * by leaving a bound or a form out. `coverageMap.test.ts` keeps this list and the file in step.
 */
export const documentOnlyAssumptions = [
  'input-sizes-unbounded',
  'string-formats-not-shown',
  'cors-not-declared',
] as const;

/** Every promise the coverage map accounts for, generated from the spec model. */
export function coverageEntries(spec: ContractSpec): CoverageEntry[] {
  const entries: CoverageEntry[] = [];
  for (const op of spec.operations) {
    entries.push(...parameterEntries(spec, op), ...bodyEntries(spec, op));
    for (const status of Object.keys(op.responses)) {
      for (const mediaType of Object.keys(op.responses[status]?.content ?? {})) {
        entries.push(...answerEntries(spec, op, status, mediaType));
        // A stream with a terminator promises how it fails mid-way too (chat-stream-openai-compatible): apart from
        // its events' fields, so the checks that read a whole stream do not claim it.
        if (op.responses[status]?.content[mediaType]?.streamTerminator !== undefined)
          entries.push({
            id: streamFailureEntry(op.operationId, status),
            kind: 'answer',
            operationId: op.operationId,
          });
      }
    }
    entries.push(...effectEntries(spec, op));
  }
  for (const rule of crossFieldRules(spec)) {
    entries.push({
      id: crossFieldEntry(rule.operationId, rule.fields),
      kind: 'cross-field',
      operationId: rule.operationId,
      ...(rule.assumption ? { detail: rule.assumption } : {}),
    });
  }
  entries.push(...sequenceEntries(spec));
  const assumptions = [...specAssumptionIds(spec.document), ...documentOnlyAssumptions];
  for (const id of assumptions) entries.push({ id: assumptionEntry(id), kind: 'assumption' });
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
}
