/**
 * What to use instead of OpenAI endpoints that the interface document does not have, for the 404 an OpenAI-style
 * client meets when it calls one by default (the AI SDK's `openai(model)` calls `/responses`).
 */
const hints: Record<string, string> = {
  '/responses':
    'The service has no Responses API: send chat completions (/v1/chat/completions). With the AI SDK, use openai.chat(model) or @ai-sdk/openai-compatible.',
  '/completions': 'The service has no legacy completions: send chat completions (/v1/chat/completions).',
  '/models': 'The service has no model list: model ids are given by the service, see the docs.',
};

/** The hint for an inference path (after `/v1`), or '' when there is none. */
export function openaiPathHint(specPathname: string): string {
  const hint = hints[specPathname];
  return hint ? ` ${hint}` : '';
}
