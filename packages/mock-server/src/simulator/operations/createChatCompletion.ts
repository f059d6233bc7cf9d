import type { ChatCompletion, ChatCompletionChunk, CreateChatCompletionBody } from '@inference-infra/types';
import { hashText, pick, seededRandom } from '../seededRandom.js';
import { type Operation, ok, unixSeconds } from './operationContext.js';

const vocabulary = [
  ' the',
  ' volume',
  ' instance',
  ' GPU',
  ' keeps',
  ' data',
  ' between',
  ' runs',
  ' and',
  ' scales',
  ' with',
  ' demand',
  ' so',
  ' training',
  ' resumes',
  ' where',
  ' it',
  ' stopped',
  ' while',
  ' costs',
  ' stay',
  ' predictable',
  ' per',
  ' hour',
  ' across',
  ' regions',
];

type Message = CreateChatCompletionBody['messages'][number];

function textOf(content: Message['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text).join(' ');
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The reply: a fixed opening that quotes the last user message, then words drawn from a generator seeded by the
 * simulator's seed and the whole request, so the same request always gets the same text. One word is one token.
 */
function replyTokens(body: CreateChatCompletionBody, seed: number): string[] {
  const lastUser = [...body.messages].reverse().find((message) => message.role === 'user');
  const quoted = textOf(lastUser?.content ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .join(' ');
  const random = seededRandom(hashText(JSON.stringify([body.model, body.messages, body.seed ?? null]), seed));
  const opening = `Simulated reply to "${quoted}":`.split(/(?= )/);
  const rest = Array.from({ length: 8 + Math.floor(random() * 12) }, () => pick(random, vocabulary));
  return [...opening, ...rest, '.'];
}

/** `max_completion_tokens` (or `max_tokens`) cuts the reply (finish `length`); a `stop` sequence ends it before the sequence (finish `stop`). */
function finish(
  tokens: string[],
  body: CreateChatCompletionBody,
): { tokens: string[]; reason: 'stop' | 'length' } {
  const stops = body.stop === undefined ? [] : Array.isArray(body.stop) ? body.stop : [body.stop];
  // OpenAI's current name wins over its older one (assumption `chat-max-completion-tokens`).
  const limit = body.max_completion_tokens ?? body.max_tokens;
  let text = '';
  for (const [index, token] of tokens.entries()) {
    // The limit first: a stop sequence met in the token past it would add a part of that token, one over the limit.
    if (limit !== undefined && index >= limit) {
      return { tokens: tokens.slice(0, index), reason: 'length' };
    }
    const next = text + token;
    const hit = stops
      .filter((stop) => stop !== '')
      .map((stop) => next.indexOf(stop))
      .filter((at) => at >= 0);
    if (hit.length > 0) {
      const cut = next.slice(text.length, Math.min(...hit));
      return { tokens: [...tokens.slice(0, index), ...(cut ? [cut] : [])], reason: 'stop' };
    }
    text = next;
  }
  return { tokens, reason: 'stop' };
}

/** A chat completion as JSON, or with `stream: true` as `chat.completion.chunk` events ending with `[DONE]`. */
export const createChatCompletion: Operation = ({ parts, options, newId }) => {
  const body = parts.body as CreateChatCompletionBody;
  const { tokens, reason } = finish(replyTokens(body, options.seed), body);
  const promptTokens = body.messages.reduce((sum, message) => sum + wordCount(textOf(message.content)), 0);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: tokens.length,
    total_tokens: promptTokens + tokens.length,
  };
  const id = newId('chatcmpl-');
  const created = unixSeconds(options);
  if (!body.stream) {
    return ok({
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [
        { index: 0, message: { role: 'assistant', content: tokens.join('') }, finish_reason: reason },
      ],
      usage,
    } satisfies ChatCompletion);
  }
  // As OpenAI does: with include_usage every chunk carries `usage: null` and one last chunk, with no choices,
  // carries the usage.
  const includeUsage = body.stream_options?.include_usage === true;
  const chunk = (choices: ChatCompletionChunk['choices'], extra: Partial<ChatCompletionChunk> = {}) =>
    JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices,
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    } satisfies ChatCompletionChunk);
  const events = [
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
    ...tokens.map((token) => chunk([{ index: 0, delta: { content: token }, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, finish_reason: reason }]),
    ...(includeUsage ? [chunk([], { usage })] : []),
    '[DONE]',
  ];
  return { status: 200, headers: {}, events };
};
