import type { GenerateImagesBody } from '@inference-infra/types';
import { solidPng, toBase64 } from '../png.js';
import { hashText } from '../seededRandom.js';
import type { StoredImage } from '../simulatorState.js';
import { type Operation, ok, unixSeconds } from './operationContext.js';

/** The size a model renders when no width or height is given. */
const defaultSide = 1024;
/** Generated images kept for their `url`; the oldest is forgotten past this. */
const maxStoredImages = 500;

const clampSide = (value: number) => Math.min(2048, Math.max(256, Math.round(value / 8) * 8));

/** Width and height as assumption `aspect-ratio-combination` says: given sizes win, the ratio shapes the rest. */
export function imageSize(body: GenerateImagesBody): { width: number; height: number } {
  const [w, h] = (body.aspect_ratio ?? '1:1').split(':').map(Number) as [number, number];
  const ratio = w / h;
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
export const generateImages: Operation = ({ parts, state, options, url, newId }) => {
  const body = parts.body as GenerateImagesBody;
  const hash = hashText(`${body.model}\n${body.prompt}`, options.seed);
  const image: StoredImage = {
    ...imageSize(body),
    rgb: [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff],
  };
  const created = unixSeconds(options);
  if (body.response_format === 'b64_json') {
    return ok({ created, data: [{ b64_json: toBase64(imageBytes(image)) }] });
  }
  const id = newId('img_');
  state.images.set(id, image);
  if (state.images.size > maxStoredImages) state.images.delete(state.images.keys().next().value as string);
  return ok({ created, data: [{ url: `${url.origin}${imagePathPrefix}${id}.png` }] });
};
