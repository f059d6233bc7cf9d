import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

describe("the README's Svelte example", () => {
  it('is the component the Svelte app of the browser test runs, word for word', () => {
    // Plain tsc cannot check a Svelte component (nor svelte-query's own declarations without Svelte's tooling), so the
    // README shows the very file that the browser test builds with vite-plugin-svelte and drives in Chromium.
    const block = /^```svelte\n([\s\S]*?)^```$/m.exec(read('../../README.md'))?.[1];
    expect(block).toBe(read('../../browser-apps/svelte/ChatStream.svelte'));
  });
});
