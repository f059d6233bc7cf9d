/** Token counts that do not add up (OpenAI's meaning, assumed by chat-response-openai-compatible): total = prompt + completion. */
export function usageProblem(usage: unknown): string | undefined {
  const { prompt_tokens, completion_tokens, total_tokens } = (usage ?? {}) as Record<string, unknown>;
  if ([prompt_tokens, completion_tokens, total_tokens].some((n) => typeof n !== 'number')) return undefined;
  if ((prompt_tokens as number) + (completion_tokens as number) === total_tokens) return undefined;
  return `usage.total_tokens is ${total_tokens}, not prompt_tokens ${prompt_tokens} + completion_tokens ${completion_tokens}`;
}
