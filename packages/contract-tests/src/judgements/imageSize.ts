import type { GenerateImagesResponse } from '@inference-infra/types';
import type { ContractResponse } from '../transport/http.js';
import { fail, jsonOf } from './answers.js';

/** Width and height of a PNG from its IHDR chunk, or undefined for another format (a server may answer JPEG). */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The size of the first image of an answer, read from its PNG. Another format fails: the spec's images are PNG
 * (`output_format` takes `png` only, assumption image-fields-not-taken), so JPEG bytes break a promise.
 */
export function firstImageSize(response: ContractResponse): { width: number; height: number } {
  const [first] = jsonOf<GenerateImagesResponse>(response).data;
  const bytes = Buffer.from(first?.b64_json ?? '', 'base64');
  const got = pngSize(bytes);
  if (got === undefined) {
    fail(
      response,
      `data[0].b64_json is not a PNG (it starts ${bytes.subarray(0, 8).toString('hex') || 'with nothing'}; a PNG starts 89504e470d0a1a0a), but the spec's images are PNG`,
    );
  }
  return got;
}
