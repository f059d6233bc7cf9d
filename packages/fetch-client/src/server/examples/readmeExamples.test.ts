import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe("the README's server route examples", () => {
  it.each(['nextRouteHandler.ts', 'honoRoute.ts'])('shows %s exactly as it is type-checked here', (file) => {
    const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${source}\`\`\``);
  });
});
