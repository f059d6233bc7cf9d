import fc from 'fast-check';
import type { CheckContext, ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, judgeAnswer } from '../../judgements/answers.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry } from '../../promises/coverageIds.js';
import { exampleBody, refusalSafeBody, volumeIdOf } from '../shared/requests.js';

/** Ids that are not the volume's but near it: what a server matching by case, prefix or trimming takes for it. */
function nearMisses(id: string): Array<[string, string, boolean]> {
  const swapped = [...id].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  // Near misses of the id's own characters are ids that do not exist (404); those with spaces, control characters,
  // a wildcard or a letter of another script may also be refused as malformed (400), as the spec allows either.
  const misses: Array<[string, string, boolean]> = [
    ['in another case', swapped, true],
    ['with its first letter in another case', `${swapped.slice(0, 1)}${id.slice(1)}`, true],
    ['without its last character', id.slice(0, -1), true],
    ['with a character more', `${id}0`, true],
    ['twice', `${id}${id}`, true],
    ['with a trailing space', `${id} `, false],
    ['with a leading space', ` ${id}`, false],
    ['with a trailing tab', `${id}\t`, false],
    ['as a prefix of it and a wildcard', `${id.slice(0, -1)}*`, false],
    ['with a look-alike letter (Cyrillic а)', id.replace(/a/, '\u0430'), false],
  ];
  return misses.filter(([, miss]) => miss !== id && miss.length > 0);
}

/**
 * Identity of a resize's volume (assumption unknown-volume-404): an id is matched exactly, so an id near the volume's
 * (another case, a prefix, padded, a look-alike) is a volume that does not exist, 404 with `volume_not_found`; an id
 * of any other characters is refused with a status the spec gives (400 or 404), never taken. Each asks for the
 * refusal-safe size (the smallest the spec allows): a server that matched the volume after all answers 409 and
 * grows nothing.
 */
export function identityProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('resizeVolume');
  const malformed = fc.string({
    unit: fc.constantFrom(...Array.from('aZ09_-~ !$&\'()*+,;=:@%"<>\\^`{|}é€😀\u0000\u007f')),
    minLength: 1,
    maxLength: 40,
  });
  return [
    propertyCheck({
      name: 'matches the volume id exactly: near misses are 404, malformed ids a status the spec gives, none taken for the volume',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state', 'volume'],
      covers: [assumptionEntry('unknown-volume-404')],
      cases: (ctx) =>
        fc.oneof(
          fc.constantFrom(...nearMisses(volumeIdOf(ctx, op))).map(([what, id, near]) => ({ what, id, near })),
          // Not a path of its own: no slash, no dot segment (fetch would resolve `..` into another path).
          malformed
            .filter((id) => !/^\.*$/.test(id) && id !== volumeIdOf(ctx, op))
            .map((id) => ({ what: 'of other characters', id, near: false })),
        ),
      // Every near miss once per run, before the first drawn case: there are few, and each is a way to match loosely.
      setup: async () => ({ swept: false }),
      async check(ctx, drawn, sweep) {
        const cases = [drawn];
        if (!sweep.swept) {
          sweep.swept = true;
          cases.unshift(...nearMisses(volumeIdOf(ctx, op)).map(([what, id, near]) => ({ what, id, near })));
        }
        for (const one of cases) await judgeId(ctx, one);
      },
    }),
  ];

  async function judgeId(ctx: CheckContext, { what, id, near }: { what: string; id: string; near: boolean }) {
    const body = refusalSafeBody(op, exampleBody(ctx, op));
    const response = await ctx.http.send({ op, pathParams: { id }, body });
    const volume = `the id ${JSON.stringify(id)} (the volume's ${what})`;
    if (response.status === 200 || response.status === 409)
      fail(response, `${volume} is taken for the volume (answered ${response.status}); ids match exactly`);
    if (near && response.status !== 404)
      fail(response, `${volume} names no volume: the spec answers 404, got ${response.status}`);
    if (![400, 404].includes(response.status))
      fail(response, `${volume} must be refused with 400 or 404, got ${response.status}`);
    judgeAnswer(ctx, response, response.status);
  }
}
