import fc from 'fast-check';
import type { ContractCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail } from '../../judgements/answers.js';
import { firstImageSize } from '../../judgements/imageSize.js';
import type { ContractSpec } from '../../model/spec.js';
import { assumptionEntry, bodyEntry, crossFieldEntry } from '../../promises/coverageIds.js';
import { expectRefusalNaming } from '../shared/refusals.js';
import { exampleBody, expectAnswer } from '../shared/requests.js';

type Side = 'absent' | 'same' | 'other';

interface SizeCase {
  width: number;
  height: number;
  /** `WxH` of the two sides above, `auto`, absent, or a spelling the pattern refuses. */
  size: 'WxH' | 'auto' | 'absent' | { refused: string };
  widthField: Side;
  heightField: Side;
  /** A third side length for `other`: another width or height than the size's. */
  other: number;
  aspectRatio?: string;
}

/** Spellings of a size the spec's pattern refuses: out of bounds, another separator or case, padded, signed. */
const refusedSpellings = (w: number, h: number) => [
  `${w}X${h}`,
  `0${w}x${h}`,
  `${w}x${h} `,
  ` ${w}x${h}`,
  `${w}*${h}`,
  `+${w}x${h}`,
  `${w}x`,
  'Auto',
  '255x256',
  '256x2049',
  `${w}.0x${h}`,
];

/** What the spec says the answer to a case is: 400 naming one of some fields, or a PNG of a size (partly) known. */
type Expected = { refusedBy: string[] } | { width?: number; height?: number };

/**
 * The rules of ASSUMPTIONS.md `image-size-as-width-height` and `aspect-ratio-combination`: `size` is read as width and
 * height, beside a width or height that differs it is refused (400 naming one of them), beside equal ones it is taken;
 * the sizes given decide and `aspect_ratio` shapes only a missing side (whose value the spec leaves to the model:
 * rounding, steps of 8, so it is never checked); a size the pattern refuses is refused whatever is beside it.
 */
export function expectedImage(input: SizeCase): Expected {
  if (typeof input.size === 'object') return { refusedBy: ['size'] };
  const side = (field: Side, own: number) =>
    field === 'absent' ? undefined : field === 'same' ? own : input.other;
  const width = side(input.widthField, input.width);
  const height = side(input.heightField, input.height);
  if (input.size === 'WxH') {
    if ((width !== undefined && width !== input.width) || (height !== undefined && height !== input.height))
      return { refusedBy: ['size', 'width', 'height'] };
    return { width: input.width, height: input.height };
  }
  return { width, height };
}

export function imageSizeProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('generateImages');
  const side = fc.integer({ min: 256, max: 300 });
  return [
    propertyCheck<SizeCase>({
      name: 'answers size beside width, height and aspect_ratio as the spec combines them: the clash refused, the PNG of the sizes given',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state'],
      covers: [
        assumptionEntry('image-size-as-width-height'),
        assumptionEntry('aspect-ratio-combination'),
        bodyEntry(op.operationId, ['size'], 'pattern'),
        crossFieldEntry(op.operationId, ['width', 'height', 'size']),
        crossFieldEntry(op.operationId, ['width', 'height', 'aspect_ratio']),
      ],
      cases: () =>
        fc
          .record({
            width: side,
            height: side,
            other: side,
            widthField: fc.constantFrom<Side>('absent', 'same', 'other'),
            heightField: fc.constantFrom<Side>('absent', 'same', 'other'),
            aspectRatio: fc.option(
              fc
                .tuple(fc.integer({ min: 1, max: 21 }), fc.integer({ min: 1, max: 21 }))
                .map(([w, h]) => `${w}:${h}`),
              { nil: undefined },
            ),
            size: fc.constantFrom<'WxH' | 'auto' | 'absent' | 'refused'>(
              'WxH',
              'WxH',
              'auto',
              'absent',
              'refused',
            ),
            spelling: fc.nat(),
          })
          .map(({ size, spelling, ...rest }): SizeCase => {
            const other =
              rest.other === rest.width || rest.other === rest.height ? rest.other + 1 : rest.other;
            const spellings = refusedSpellings(rest.width, rest.height);
            const chosen =
              size === 'refused' ? { refused: spellings[spelling % spellings.length] as string } : size;
            // `auto` beside a width or height: whether they differ from a default size the spec does not give is
            // not known, so that case is never drawn.
            const sides =
              chosen === 'auto' ? { widthField: 'absent' as Side, heightField: 'absent' as Side } : {};
            return { ...rest, other, size: chosen, ...sides };
          }),
      async check(ctx, input) {
        const body: Record<string, unknown> = { ...exampleBody(ctx, op), response_format: 'b64_json' };
        for (const field of ['width', 'height', 'aspect_ratio', 'size']) delete body[field];
        if (input.size === 'WxH') body.size = `${input.width}x${input.height}`;
        else if (input.size === 'auto') body.size = 'auto';
        else if (typeof input.size === 'object') body.size = input.size.refused;
        if (input.widthField !== 'absent')
          body.width = input.widthField === 'same' ? input.width : input.other;
        if (input.heightField !== 'absent')
          body.height = input.heightField === 'same' ? input.height : input.other;
        if (input.aspectRatio !== undefined) body.aspect_ratio = input.aspectRatio;
        const expected = expectedImage(input);
        if ('refusedBy' in expected) {
          const response = await ctx.http.send({ op, body });
          const param = (response.json as { error?: { param?: unknown } } | undefined)?.error?.param;
          if (response.status === 400 && expected.refusedBy.includes(String(param))) {
            expectRefusalNaming(ctx, response, { field: String(param), param: String(param), rule: 'size' });
            return;
          }
          fail(
            response,
            `the spec refuses this request with 400 naming ${expected.refusedBy.join(' or ')}; got ${response.status}${param === undefined ? '' : ` naming ${JSON.stringify(param)}`}`,
          );
        }
        const response = await expectAnswer(ctx, { op, body }, 200);
        const got = firstImageSize(response);
        const wrong =
          (expected.width !== undefined && got.width !== expected.width) ||
          (expected.height !== undefined && got.height !== expected.height);
        if (wrong)
          fail(
            response,
            `the PNG is ${got.width}x${got.height}, but the sizes given make it ${expected.width ?? 'any'}x${expected.height ?? 'any'}`,
          );
      },
    }),
  ];
}
