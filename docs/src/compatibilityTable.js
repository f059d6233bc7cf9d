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

/**
 * The spec with the compatibility table at the end of `info.description`.
 * @param {any} spec The bundled spec.
 * @param {string} assumptions The text of ASSUMPTIONS.md.
 */
export function withCompatibilityTable(spec, assumptions) {
  const description = `${spec.info.description.trimEnd()}\n\n${compatibilitySection(assumptions)}\n`;
  return { ...spec, info: { ...spec.info, description } };
}
