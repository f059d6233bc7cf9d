/** The heading of ASSUMPTIONS.md's table of what each OpenAI-style field gets. */
const tableHeading = '### OpenAI-style clients: every field they send';

/**
 * The compatibility table of spec/ASSUMPTIONS.md (its introduction and table, up to the first assumption that
 * explains a row), the one place it is written, as a section of the reference's introduction, so readers of the docs
 * site see which field of their OpenAI-style client is accepted, refused or without effect.
 * @param {string} assumptions The text of ASSUMPTIONS.md.
 * @returns {string}
 */
export function compatibilitySection(assumptions) {
  const start = assumptions.indexOf(tableHeading);
  if (start < 0) throw new Error(`ASSUMPTIONS.md has no "${tableHeading}" section`);
  const body = assumptions.slice(start + tableHeading.length);
  const end = body.search(/^### /m);
  return `## OpenAI-style clients\n${end < 0 ? body : body.slice(0, end)}`.trimEnd();
}

/** The heading of the MCP server README's section on configuring a client. */
const mcpHeading = '## Configure your client';

/**
 * The MCP server's page on the site: its README's opening paragraph (what comes before its first section, the
 * quickstart, which is for a folder of code rather than an agent's client) and its "Configure your client" section
 * (Claude Desktop, Claude Code, Cursor, VS Code), the one place they are written.
 * @param {string} readme The text of packages/mcp-server/README.md.
 * @returns {string}
 */
export function mcpSection(readme) {
  const start = readme.indexOf(mcpHeading);
  if (start < 0) throw new Error(`the MCP server's README has no "${mcpHeading}" section`);
  const opening = readme.slice(readme.indexOf('\n') + 1, readme.search(/^## /m)).trim();
  const body = readme.slice(start + mcpHeading.length);
  const end = body.search(/^## /m);
  return `## AI agents: the MCP server\n\n${opening}\n${(end < 0 ? body : body.slice(0, end)).trimEnd()}`;
}

/**
 * The spec with the site's own sections at the end of `info.description`: the compatibility table, then the MCP page.
 * @param {any} spec The bundled spec.
 * @param {{ assumptions: string, mcpReadme: string }} sources The texts they come from.
 */
export function withSiteSections(spec, { assumptions, mcpReadme }) {
  const sections = [compatibilitySection(assumptions), mcpSection(mcpReadme)];
  const description = `${spec.info.description.trimEnd()}\n\n${sections.join('\n\n')}\n`;
  return { ...spec, info: { ...spec.info, description } };
}
