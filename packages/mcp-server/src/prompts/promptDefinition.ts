import type { SpecModel } from '@inference-infra/types/spec-model';
import type { Prompt } from '@modelcontextprotocol/sdk/types.js';

/** What a prompt's text may depend on besides its arguments. */
export interface PromptContext {
  model: SpecModel;
  /** The tools this server lists: a prompt whose tool is not listed says which flag lists it. */
  listed: ReadonlySet<string>;
}

/** One prompt: what `prompts/list` shows, the tools its steps call, and its text for checked arguments. */
export interface PromptDefinition<Args> {
  prompt: Prompt;
  /** Every tool the steps name, by name. */
  tools: readonly string[];
  /** The arguments as sent (strings, as MCP sends them), checked; throws a `PromptArgumentError` naming each field. */
  parse(args: Record<string, string> | undefined, context: PromptContext): Args;
  text(args: Args, context: PromptContext): string;
}

/** A prompt of any arguments, as the registry holds them. */
// biome-ignore lint/suspicious/noExplicitAny: each definition checks its own arguments; the registry only passes them on
export type AnyPromptDefinition = PromptDefinition<any>;

/**
 * What a prompt says when this server does not list a tool it needs: the tools of state-changing or billable
 * operations are listed only when the operator allowed them, and an agent must not look for another way round.
 */
export function unlistedNote(tool: string, listed: ReadonlySet<string>): string {
  if (listed.has(tool)) return '';
  return `This server does not list ${tool}: it changes state or costs money, and the server was started without \`--allow ${tool}\` (or \`--allow-writes\`). Tell the user so and stop here; do not look for another way to do it.`;
}
