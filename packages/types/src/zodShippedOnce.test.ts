import { browserBundleChunks } from '@inference-infra/test-kit/bundleSize';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
const text = (chunks: Uint8Array[]) => chunks.map((chunk) => new TextDecoder().decode(chunk)).join('\n');
/** How many times zod 4's core names its string schema: once per copy of the core in the bundle. */
const zodCoreCopies = (code: string) => code.split('"$ZodString"').length - 1;
/** How many times zod 3 names its string schema's kind: once per copy of zod 3. */
const zod3Copies = (code: string) => code.split('"ZodString"').length - 1;

// Bundled as a browser app would be (esbuild, browser platform), from this package's built dist through its exports.
describe('an app bundling both validator entries and zod 4 of its own', () => {
  it('ships zod 4 core once: the request validators import zod mini instead of carrying a copy', async () => {
    const app = `
      import { requestSchemas } from '@inference-infra/types';
      import { validateRequest } from '@inference-infra/types/request-validation';
      import * as z from 'zod/v4/mini';
      console.log(requestSchemas.resizeVolume, validateRequest('resizeVolume', {}), z.string().parse('own'));
    `;
    const code = text(await browserBundleChunks(app, { resolveDir: packageDir }));
    expect(zodCoreCopies(code)).toBe(1);
    // The zod 3 set is zod 3 (for @anatine/zod-openapi), which is other code than zod 4's core: there once too.
    expect(zod3Copies(code)).toBe(1);
  });

  it('has the validators alone bring zod mini along, tree-shaken to what they use', async () => {
    const app = `import { validateRequest } from '@inference-infra/types/request-validation';
      console.log(validateRequest('resizeVolume', { path: { id: 'v' }, body: { size_gb: 9 } }));`;
    const code = text(await browserBundleChunks(app, { resolveDir: packageDir }));
    expect(zodCoreCopies(code)).toBe(1);
    expect(zod3Copies(code)).toBe(0);
  });
});
