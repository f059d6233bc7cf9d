import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const assumptions = readFileSync(require.resolve('@inference-infra/spec/ASSUMPTIONS.md'), 'utf8');
const built = JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8'));

describe("the site's own sections", () => {
  it("is ASSUMPTIONS.md's table, every row of it, in the reference's introduction", () => {
    const rows = assumptions
      .slice(assumptions.indexOf('### OpenAI-style clients'))
      .split('\n')
      .filter((line) => /^\| (chat|embeddings|images) \|/.test(line));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(built.info.description).toContain(row);
    expect(built.info.description).toContain('## OpenAI-style clients');
    // Only the table: the assumptions that explain each row stay in ASSUMPTIONS.md.
    expect(built.info.description).not.toContain('### `chat-max-completion-tokens`');
  });

  it("has the MCP server's page: what it is and how each client starts it, from its README", () => {
    expect(built.info.description).toContain('## AI agents: the MCP server');
    for (const client of ['**Claude Desktop**', '**Claude Code**', '**Cursor**', '**VS Code**'])
      expect(built.info.description).toContain(client);
    expect(built.info.description).not.toContain('## The tools');
    // The opening paragraph only: the quickstart is for a folder of code, the site's page for an agent's client.
    expect(built.info.description).toContain('tools, for AI agents');
    expect(built.info.description).not.toContain('## Quickstart');
  });
});
