import { createSimulator, type FaultRule, type SimulatorInterceptor } from '@inference-infra/mock-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../server/createMcpServer.js';
import { secretKey, startBin } from '../test/stdioProcess.js';
import { errorTextOf, textOf } from '../test/toolResults.js';

/** The bound under test: short, so a stall past it ends the call soon; drips well within it pass. */
const streamIdleTimeoutMs = 300;
const addresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };
const chat = {
  name: 'create_chat_completion',
  arguments: { model: 'llama-3.1-8b-instruct', stream: true, messages: [{ role: 'user', content: 'Hello' }] },
};

/** Only the first streamed chat meets the fault: the next call shows whether the server still serves. */
const once = (simulate: string): FaultRule[] => [{ operationId: 'createChatCompletion', simulate, times: 1 }];

/** An MCP server with the stream idle bound, calling a simulator in process that applies `faults`. */
async function connect(faults: FaultRule[], intercept?: SimulatorInterceptor) {
  const simulator = createSimulator({ faults, ...(intercept ? { intercept } : {}) });
  const { server } = createMcpServer({
    apiKey: secretKey,
    fetch: simulator.fetch,
    streamIdleTimeoutMs,
    allow: ['create_chat_completion'],
    maxRetries: 0,
    ...addresses,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'stream-faults', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, simulator, close: () => client.close() };
}

/** The assembled answer's text: what the agent reads of a whole stream. */
const contentOf = (result: unknown) =>
  (result as CallToolResult & { structuredContent?: { choices: Array<{ message: { content: string } }> } })
    .structuredContent?.choices[0]?.message.content;

describe('the chat tool over a stream that misbehaves (the simulator’s stream faults)', () => {
  it('answers an error naming --stream-idle-timeout-ms and the chunks received when the stream stalls past it, then serves the next call', async () => {
    // The stall outlasts the bound many times over: only the bound can end the call before the test's timeout.
    const { client, simulator, close } = await connect(once('stream-stall-after=2;stream-stall-ms=60000'));
    try {
      const text = errorTextOf(await client.callTool(chat));
      expect(text).toContain(
        'createChatCompletion: the answer was cut at a bound of this server after 2 chunks',
      );
      expect(text).toContain(`silent for ${streamIdleTimeoutMs} ms (--stream-idle-timeout-ms)`);
      expect(text).toContain('the API may have acted');
      const next = await client.callTool(chat);
      expect(next.isError, textOf(next)).toBeFalsy();
      expect(contentOf(next)).toBeTruthy();
      expect(simulator.state.requests.filter((r) => r.operationId === 'createChatCompletion')).toHaveLength(
        2,
      );
    } finally {
      await close();
    }
  });

  it("answers the API's error event as an error result with its status and message, the key redacted", async () => {
    // The message quotes the key, as a careless upstream might: the result must not.
    const quoting: SimulatorInterceptor = (next) => (req) => {
      const res = next(req);
      if (res.errorEvent === undefined) return res;
      const body = JSON.parse(res.errorEvent);
      body.error.message = `upstream refused ${secretKey} mid-stream`;
      return { ...res, errorEvent: JSON.stringify(body) };
    };
    const { client, close } = await connect(once('stream-error-after=2;stream-error-status=429'), quoting);
    try {
      const text = errorTextOf(await client.callTool(chat));
      expect(text).toMatch(/^createChatCompletion failed with 429 \(rate_limit_error/);
      expect(text).toContain('upstream refused');
      expect(text).toContain('mid-stream');
      expect(text).toContain('Ended after 2 chunks of the stream.');
      expect(text).not.toContain(secretKey);
      const next = await client.callTool(chat);
      expect(next.isError, textOf(next)).toBeFalsy();
    } finally {
      await close();
    }
  });

  it('answers an error result for a frame that is not JSON, after the chunks before it', async () => {
    const { client, close } = await connect(once('stream-malformed-after=3'));
    try {
      const text = errorTextOf(await client.callTool(chat));
      expect(text).toContain('createChatCompletion failed: A stream event is not JSON');
      expect(text).toContain('Ended after 3 chunks of the stream.');
      const next = await client.callTool(chat);
      expect(next.isError, textOf(next)).toBeFalsy();
    } finally {
      await close();
    }
  });

  it('answers the whole answer of a stream that drips within the bound', async () => {
    const whole = await connect([]);
    const dripping = await connect(once(`stream-drip-ms=${streamIdleTimeoutMs / 6}`));
    try {
      const expected = contentOf(await whole.client.callTool(chat));
      const result = await dripping.client.callTool(chat);
      expect(result.isError, textOf(result)).toBeFalsy();
      // The same simulator seed and the same request: the drip changes when the chunks come, not what they say.
      expect(contentOf(result)).toBe(expected);
    } finally {
      await whole.close();
      await dripping.close();
    }
  });
});

describe('the built bin with --stream-idle-timeout-ms, over the simulator’s stalled-streams scenario', () => {
  it('ends a stalled chat at the flag’s bound with an error result, and answers the next call', async () => {
    const bin = await startBin([
      '--simulator',
      '--simulator-scenario',
      'stalled-streams',
      '--stream-idle-timeout-ms',
      String(streamIdleTimeoutMs),
      '--allow',
      'create_chat_completion',
    ]);
    try {
      // The scenario stalls every streamed chat for two minutes after three chunks.
      const text = errorTextOf(await bin.client.callTool(chat));
      expect(text).toContain('after 3 chunks');
      expect(text).toContain(`silent for ${streamIdleTimeoutMs} ms (--stream-idle-timeout-ms)`);
      const next = await bin.client.callTool({ name: 'list_instance_types', arguments: {} });
      expect(next.isError, textOf(next)).toBeFalsy();
      expect(bin.stderr()).not.toContain(secretKey);
    } finally {
      await bin.close();
    }
  });
});
