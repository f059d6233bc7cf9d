/**
 * What a prompt says when this server does not list a tool it needs: the tools of state-changing or billable
 * operations are listed only when the operator allowed them, and an agent must not look for another way round.
 */
export function unlistedNote(tool: string, listed: ReadonlySet<string>): string {
  if (listed.has(tool)) return '';
  return `This server does not list ${tool}: it changes state or costs money, and the server was started without \`--allow ${tool}\` (or \`--allow-writes\`). Tell the user so and stop here; do not look for another way to do it.`;
}
