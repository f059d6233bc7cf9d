import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';

/** The first bytes of each image format, as base64 text starts with them. */
const base64Signatures: Array<[prefix: string, mimeType: string]> = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['UklGR', 'image/webp'],
  ['R0lGOD', 'image/gif'],
];

/**
 * Each `b64_json` of an answer's `data` as MCP image content, which clients show and models see as an image, and
 * the answer with each one replaced by a note: the base64 text would otherwise fill the model's context twice.
 */
export function extractImages(answer: unknown): { answer: unknown; images: ImageContent[] } {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return { answer, images: [] };
  const images: ImageContent[] = [];
  const items = data.map((item) => {
    const b64 = (item as { b64_json?: unknown } | null)?.b64_json;
    if (typeof b64 !== 'string') return item;
    const mimeType = base64Signatures.find(([prefix]) => b64.startsWith(prefix))?.[1] ?? 'image/png';
    images.push({ type: 'image', data: b64, mimeType });
    const bytes = Math.floor((b64.replace(/=+$/, '').length * 3) / 4);
    return { ...item, b64_json: `(image content ${images.length}: ${mimeType}, ${bytes} bytes)` };
  });
  return images.length > 0 ? { answer: { ...(answer as object), data: items }, images } : { answer, images };
}
