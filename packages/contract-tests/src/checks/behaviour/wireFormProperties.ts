import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry } from '../../promises/coverageIds.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

/**
 * `Authorization` as RFC 9110 (11.1, 11.4) spells it: the scheme is case-insensitive and separated from the token by
 * one or more spaces (`1*SP`), so `BEARER KEY`, `bEaReR  KEY` are the key; a header that is no `Bearer <token68>` at
 * all (no separator, a colon, a second token) is malformed, 401 (assumption auth-401). Asked on a read, which any
 * key may call.
 */
export function wireFormProperties(spec: ContractSpec): ContractCheck[] {
  const read = spec.operations.find((op) => !op.stateChanging && op.surface === 'platform');
  const embeddings = spec.operation('createEmbeddings');
  const checks: ContractCheck[] = [];
  if (read) {
    checks.push(
      propertyCheck({
        name: 'takes the Authorization scheme in any case and after any number of spaces (RFC 9110), and refuses what is no Bearer credential',
        operationId: read.operationId,
        tags: read.tags,
        mutates: false,
        requires: ['keyValidation'],
        covers: [assumptionEntry('auth-401')],
        cases: () =>
          fc.record({
            casing: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
            spaces: fc.integer({ min: 1, max: 3 }),
            malformed: fc.option(fc.constantFrom('no separator', 'a colon', 'a second token'), {
              nil: undefined,
              freq: 3,
            }),
          }),
        async check(ctx, { casing, spaces, malformed }) {
          const scheme = [...'Bearer']
            .map((c, i) => (casing[i] ? c.toUpperCase() : c.toLowerCase()))
            .join('');
          const key = ctx.target.apiKey;
          const value =
            malformed === 'no separator'
              ? `${scheme}${key}`
              : malformed === 'a colon'
                ? `${scheme}:${key}`
                : malformed === 'a second token'
                  ? `${scheme} ${key} ${key}`
                  : `${scheme}${' '.repeat(spaces)}${key}`;
          await expectAnswer(ctx, { op: read, auth: { kind: 'header', value } }, malformed ? 401 : 200);
        },
      }),
    );
  }
  checks.push(
    propertyCheck({
      name: 'reads a JSON body whatever the spelling of its media type and UTF-8 charset (RFC 9110), and refuses another charset with 415',
      operationId: embeddings.operationId,
      tags: embeddings.tags,
      mutates: true,
      requires: ['state', 'ownErrors'],
      covers: [assumptionEntry('unsupported-media-type-415')],
      cases: () =>
        fc.record({
          type: fc.constantFrom('application/json', 'Application/JSON', 'APPLICATION/json'),
          before: fc.constantFrom('', ' '),
          after: fc.constantFrom('', ' '),
          charset: fc.option(
            fc.constantFrom('utf-8', 'UTF-8', 'Utf-8', '"utf-8"', 'iso-8859-1', 'utf-16', 'us-ascii'),
            { nil: undefined },
          ),
        }),
      async check(ctx, { type, before, after, charset }) {
        const contentType = charset === undefined ? type : `${type}${before};${after}charset=${charset}`;
        // Charset names are case-insensitive and may be quoted (RFC 9110 5.6.6, 8.3.2): only UTF-8 is read.
        const utf8 = charset === undefined || charset.replaceAll('"', '').toLowerCase() === 'utf-8';
        const body = JSON.stringify({ ...exampleBody(ctx, embeddings), input: 'contract tests' });
        await expectAnswer(ctx, { op: embeddings, rawBody: body, contentType }, utf8 ? 200 : 415);
      },
    }),
  );
  return checks;
}
