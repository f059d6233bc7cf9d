import { formatViolations, type SchemaValidator } from '../model/schemaValidator.js';
import type { SpecHeader, SpecMediaType } from '../model/spec.js';
import type { ContractResponse } from '../transport/http.js';
import { violation } from '../transport/violation.js';

export { ContractViolation, violation } from '../transport/violation.js';

export interface ConformanceOptions {
  /** The media type the request asked for: a streamed chat must answer `text/event-stream`, a whole one JSON. */
  expectMediaType?: string;
}

function headerValue(header: SpecHeader, raw: string): unknown {
  const type = header.schema.type;
  return (type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw))
    ? Number(raw)
    : raw;
}

function bodyRequestId(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const body = json as { meta?: { requestId?: unknown }; error?: { requestId?: unknown } };
  const id = body.meta?.requestId ?? body.error?.requestId;
  return typeof id === 'string' ? id : undefined;
}

function streamProblems(
  validator: SchemaValidator,
  response: ContractResponse,
  eventPointer?: string,
  terminator?: string,
) {
  const problems: string[] = [];
  const events = response.events ?? [];
  if (events.length === 0) return ['the event stream has no data events'];
  const last = events[events.length - 1];
  const chunks = terminator !== undefined && last === terminator ? events.slice(0, -1) : events;
  if (terminator !== undefined && last !== terminator) {
    problems.push(
      `the event stream does not end with "data: ${terminator}" (last data: ${response.redactor.excerpt(String(last), 80)})`,
    );
  }
  chunks.forEach((data, index) => {
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      problems.push(`event ${index} is not JSON: ${response.redactor.excerpt(data, 80)}`);
      return;
    }
    if (typeof event === 'object' && event !== null && 'error' in event) {
      problems.push(`the stream failed with an error event: ${response.redactor.excerpt(data, 200)}`);
      return;
    }
    if (eventPointer) {
      const violations = validator.violations(eventPointer, event);
      if (violations.length > 0)
        problems.push(`event ${index} breaks its schema: ${formatViolations(violations)}`);
    }
  });
  return problems;
}

function errorTypeOf(value: unknown): unknown {
  return (value as { error?: { type?: unknown } } | undefined)?.error?.type;
}

/**
 * Assumed by the spec (error-body-openai-shape): `error.type` has one value per failure status, the one the spec's
 * examples of that status show (`conflict_error` for 409, `not_found_error` for 404...).
 */
function errorTypeProblems(response: ContractResponse, media: SpecMediaType): string[] {
  const documented = [media.example, ...Object.values(media.examples)]
    .map(errorTypeOf)
    .filter((type): type is string => typeof type === 'string');
  const type = errorTypeOf(response.json);
  if (documented.length === 0 || documented.includes(type as string)) return [];
  return [
    `error.type is ${JSON.stringify(type)}, but the spec gives ${[...new Set(documented)].join(' or ')} for status ${response.status}`,
  ];
}

/**
 * Everything the spec says about one answer, whatever the check: the status is documented for the operation, the
 * content type is one documented for that status, the body is valid against its schema (each event of a stream
 * against `x-stream-event-schema`, ending with `x-stream-terminator`), required headers are present and valid, and
 * `X-Request-Id` equals the request id in the body.
 */
export function conformanceProblems(
  validator: SchemaValidator,
  response: ContractResponse,
  options: ConformanceOptions = {},
): string[] {
  const { op } = response;
  const documented =
    op.responses[String(response.status)] ??
    op.responses[`${String(response.status)[0]}XX`] ??
    op.responses.default;
  if (!documented) {
    return [
      `status ${response.status} is not documented for ${op.operationId} (documented: ${Object.keys(op.responses).join(', ')})`,
    ];
  }
  const problems: string[] = [];
  const mediaTypes = Object.keys(documented.content);
  const media = documented.content[response.mediaType];
  if (mediaTypes.length === 0) {
    if (response.text.length > 0)
      problems.push(`status ${response.status} documents no body, but one was sent`);
  } else if (!media) {
    problems.push(
      `content type "${response.headers.get('content-type') ?? ''}" is not documented for ${response.status} (documented: ${mediaTypes.join(', ')})`,
    );
  } else if (options.expectMediaType && response.mediaType !== options.expectMediaType) {
    problems.push(
      `content type is ${response.mediaType}, but this request must be answered with ${options.expectMediaType}`,
    );
  } else if (response.mediaType === 'text/event-stream') {
    problems.push(
      ...streamProblems(validator, response, media.streamEventSchemaPointer, media.streamTerminator),
    );
  } else if (response.text.startsWith('\uFEFF')) {
    problems.push(
      'the JSON body starts with a byte order mark, which JSON must not have (RFC 8259, section 8.1)',
    );
  } else if (response.json === undefined) {
    problems.push(`the body is not JSON: ${response.redactor.excerpt(response.text, 120)}`);
  } else {
    const violations = validator.violations(media.schemaPointer, response.json);
    const schemaName = media.schemaPointer.split('/').pop();
    if (violations.length > 0)
      problems.push(`the body breaks ${schemaName}: ${formatViolations(violations)}`);
    else if (response.status >= 400) problems.push(...errorTypeProblems(response, media));
  }

  for (const [name, header] of Object.entries(documented.headers)) {
    const raw = response.headers.get(name);
    if (raw === null) {
      if (header.required) problems.push(`the required header ${name} is missing`);
      continue;
    }
    const violations = validator.violations(header.schemaPointer, headerValue(header, raw));
    if (violations.length > 0)
      problems.push(`header ${name} "${raw}" breaks its schema: ${formatViolations(violations)}`);
  }
  if (response.proxyViolations && response.proxyViolations.length > 0) {
    const shown = response.proxyViolations.slice(0, 5);
    const more = response.proxyViolations.length - shown.length;
    problems.push(`prism proxy reports: ${shown.join('; ')}${more > 0 ? `; ... and ${more} more` : ''}`);
  }
  // Assumed by the spec (request-id-header): the header and the body carry the same id, so support can find the call.
  const headerId = response.headers.get('x-request-id');
  const bodyId = bodyRequestId(response.json);
  if (headerId !== null && bodyId !== undefined && headerId !== bodyId) {
    problems.push(`X-Request-Id "${headerId}" differs from the request id in the body "${bodyId}"`);
  }
  return problems;
}

/** Throws a {@link ContractViolation} naming every broken promise of the answer. */
export function assertConforms(
  validator: SchemaValidator,
  response: ContractResponse,
  options?: ConformanceOptions,
) {
  const problems = conformanceProblems(validator, response, options);
  if (problems.length > 0) throw violation(response, problems.join('; '));
}
