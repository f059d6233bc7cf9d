import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { onPromptGet, onToolCall } from './unparsedRequests.js';

// These hold the SDK to what `onUnparsed` relies on (its public `fallbackRequestHandler` gets the request as sent,
// and a method with no handler is answered -32601): an upgrade that changes either fails here, by name.

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A bare server with both handlers, driven by raw JSON-RPC messages: whatever the SDK's client would refuse to send. */
async function serverSeeing() {
  const seen: unknown[] = [];
  const server = new Server({ name: 't', version: '0' }, { capabilities: { tools: {}, prompts: {} } });
  onToolCall(server, async (request) => {
    seen.push(request.params.arguments);
    return { content: [{ type: 'text', text: 'called' }] };
  });
  onPromptGet(server, async (request) => {
    seen.push(request.params.arguments);
    return { messages: [] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const answers = new Map<unknown, JSONRPCMessage>();
  clientSide.onmessage = (message) => void answers.set((message as { id?: unknown }).id, message);
  await clientSide.start();
  close = () => server.close();
  let id = 0;
  const send = async (method: string, params: unknown) => {
    id += 1;
    const sent = id;
    await clientSide.send({ jsonrpc: '2.0', id: sent, method, params } as JSONRPCMessage);
    for (let turn = 0; turn < 1000 && !answers.has(sent); turn += 1)
      await new Promise((r) => setImmediate(r));
    return answers.get(sent) as { result?: unknown; error?: { code: number; message: string } };
  };
  return { seen, send };
}

describe('tools/call and prompts/get reach their handlers with the arguments as sent', () => {
  it('passes arguments the SDK schema would refuse (null, an array, a string) on to the tool to judge', async () => {
    const { seen, send } = await serverSeeing();
    for (const args of [null, [1], 'text'])
      expect((await send('tools/call', { name: 'list', arguments: args })).result).toEqual({
        content: [{ type: 'text', text: 'called' }],
      });
    expect(seen).toEqual([null, [1], 'text']);
  });

  it('keeps `__proto__` and `constructor` as own arguments, as JSON.parse made them', async () => {
    const { seen, send } = await serverSeeing();
    const args = JSON.parse('{"__proto__":{"id":"vol_other"},"constructor":1}');
    await send('tools/call', { name: 'list', arguments: args });
    await send('prompts/get', { name: 'p', arguments: args });
    for (const got of seen) {
      expect(Object.keys(got as object).sort()).toEqual(['__proto__', 'constructor']);
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    }
  });

  it('answers a method nobody handles as the SDK does: -32601 Method not found', async () => {
    const { send } = await serverSeeing();
    expect((await send('resources/subscribe', { uri: 'x' })).error).toEqual({
      code: -32601,
      message: 'Method not found',
    });
  });

  it('answers a tools/call without a name with the schema error, -32603, calling no handler', async () => {
    const { seen, send } = await serverSeeing();
    expect((await send('tools/call', { arguments: {} })).error?.code).toBe(-32603);
    expect(seen).toEqual([]);
  });
});
