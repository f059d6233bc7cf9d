import type { SpecModel } from '@inference-infra/types/spec-model';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  type GetPromptResult,
  ListPromptsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { onPromptGet } from '../shared/unparsedRequests.js';
import { cheapestInstancePrompt } from './cheapestInstancePrompt.js';
import { growVolumePrompt } from './growVolumePrompt.js';
import { checkedArgumentNames, PromptArgumentError } from './promptArguments.js';
import type { AnyPromptDefinition, PromptContext } from './promptDefinition.js';
import { spendByKindPrompt } from './spendByKindPrompt.js';

/** The common jobs, each a prompt whose steps name the tools to call. */
export const prompts: readonly AnyPromptDefinition[] = [
  cheapestInstancePrompt,
  spendByKindPrompt,
  growVolumePrompt,
];

/**
 * Lists the prompts and answers `prompts/get`: arguments that break a rule, or an unknown prompt, are a protocol error
 * (invalid params) naming the field and the rule, as MCP asks.
 */
export function registerPrompts(server: Server, model: SpecModel, listed: readonly string[]): void {
  const context: PromptContext = { model, listed: new Set(listed) };
  server.registerCapabilities({ prompts: { listChanged: false } });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: prompts.map(({ prompt }) => prompt),
  }));
  onPromptGet(server, async (request): Promise<GetPromptResult> => {
    const { name, arguments: args } = request.params;
    const definition = prompts.find(({ prompt }) => prompt.name === name);
    if (!definition) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown prompt: ${name.slice(0, 200)} (prompts: ${prompts.map(({ prompt }) => prompt.name).join(', ')})`,
      );
    }
    let parsed: unknown;
    try {
      // Names and sizes first, in one pass: the prompt's schema then sees its own arguments only.
      parsed = definition.parse(checkedArgumentNames(definition.prompt, args), context);
    } catch (error) {
      if (!(error instanceof PromptArgumentError)) throw error;
      throw new McpError(ErrorCode.InvalidParams, `Prompt ${name}: ${error.message}`);
    }
    return {
      description: definition.prompt.description ?? definition.prompt.name,
      messages: [{ role: 'user', content: { type: 'text', text: definition.text(parsed, context) } }],
    };
  });
}
