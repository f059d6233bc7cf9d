import type { GenerateImagesBody } from '@inference-infra/types';
import { solidPng, toBase64 } from '../png.js';
import { hashText } from '../seededRandom.js';
import type { StoredImage } from '../simulatorState.js';
import { type Operation, ok, unixSeconds } from './operationContext.js';

/** The size a model renders when no width or height is given. */
const defaultSide = 1024;
/** Generated images kept for their `url`; the oldest is forgotten past this. */
const maxStoredImages = 500;

/** A derived side, always within the spec's 256..2048, in steps of 8 as image models take them. */
const clampSide = (value: number) => Math.min(2048, Math.max(256, Math.round(value / 8) * 8));

/** Digits a double holds exactly enough for a ratio. */
const significantDigits = 15;

/**
 * W / H of a `W:H` ratio (the spec's pattern: positive whole numbers of any length). Numbers too long for a double
 * are read by their leading digits and their length, so `1000...0:1000...0` of 400 digits is 1, not Infinity/Infinity.
 */
function ratioOf(aspectRatio: string): number {
  const [w = '1', h = '1'] = aspectRatio.split(':');
  const head = (digits: string) => digits.slice(0, significantDigits);
  const dropped = w.length - head(w).length - (h.length - head(h).length);
  return (Number(head(w)) / Number(head(h))) * 10 ** dropped;
}

/** Width and height as assumption `aspect-ratio-combination` says: given sizes win, the ratio shapes the rest. */
export function imageSize(body: GenerateImagesBody): { width: number; height: number } {
  const ratio = ratioOf(body.aspect_ratio ?? '1:1');
  if (body.width !== undefined && body.height !== undefined)
    return { width: body.width, height: body.height };
  if (body.width !== undefined) return { width: body.width, height: clampSide(body.width / ratio) };
  if (body.height !== undefined) return { width: clampSide(body.height * ratio), height: body.height };
  return {
    width: clampSide(defaultSide * Math.sqrt(ratio)),
    height: clampSide(defaultSide / Math.sqrt(ratio)),
  };
}

/** The bytes of a stored image: a one-colour PNG of the size asked for. */
export function imageBytes(image: StoredImage): Uint8Array<ArrayBuffer> {
  return solidPng(image.width, image.height, image.rgb);
}

/** The path under which the simulator serves a generated image (no key needed, like a signed URL). */
export const imagePathPrefix = '/__simulator/images/';

/** One image per request: only `url` (the default) or only `b64_json`, as assumption `image-result-one-field-per-format` says. */
/** OpenAI's `size` as width and height (`WxH`), or undefined for `auto` or none (assumption `image-size-as-width-height`). */
function sizeOf(size: string | undefined): { width: number; height: number } | undefined {
  const [width, height] = size === undefined || size === 'auto' ? [] : size.split('x').map(Number);
  return width && height ? { width, height } : undefined;
}

export const generateImages: Operation = ({ parts, state, options, url, newId, error, requestId }) => {
  const body = parts.body as GenerateImagesBody;
  const sized = sizeOf(body.size);
  const differs = (['width', 'height'] as const).find(
    (side) => sized && body[side] !== undefined && body[side] !== sized[side],
  );
  if (differs) {
    return error(
      400,
      {
        code: 'conflicting_size',
        message: `size: ${body.size} disagrees with ${differs} ${body[differs]}; give either size or width and height`,
        param: 'size',
      },
      requestId,
    );
  }
  const { width, height } = imageSize({ ...body, ...sized });
  if (width * height > options.maxImagePixels) {
    return error(
      400,
      {
        code: 'image_too_large',
        message: `width, height: ${width}x${height} is ${width * height} pixels, over the simulator's maxImagePixels of ${options.maxImagePixels} (CLI --max-image-pixels)`,
        param: body.width === undefined ? 'height' : 'width',
      },
      requestId,
    );
  }
  const hash = hashText(`${body.model}\n${body.prompt}`, options.seed);
  const image: StoredImage = { width, height, rgb: [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff] };
  const created = unixSeconds(options);
  if (body.response_format === 'b64_json') {
    return ok({ created, data: [{ b64_json: toBase64(imageBytes(image)) }] });
  }
  const id = newId('img_');
  state.images.set(id, image);
  if (state.images.size > maxStoredImages) state.images.delete(state.images.keys().next().value as string);
  return ok({ created, data: [{ url: `${url.origin}${imagePathPrefix}${id}.png` }] });
};
