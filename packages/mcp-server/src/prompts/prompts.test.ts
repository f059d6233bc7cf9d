import { createSimulator, type Simulator } from '@inference-infra/mock-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer, type McpServerOptions } from '../server/createMcpServer.js';
import { connectRedacted } from '../shared/redaction.js';
import { specModel, toolNames } from '../test/specExamples.js';
import { secretKey } from '../test/stdioProcess.js';
import { textOf } from '../test/toolResults.js';
import { prompts } from './registerPrompts.js';

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

/** The SDK's client on the server in this process, over the SDK's in-memory transport, on a simulator. */
async function connect(options: McpServerOptions = {}): Promise<{ client: Client; simulator: Simulator }> {
  const simulator = createSimulator();
  const { server, redact } = createMcpServer({
    apiKey: secretKey,
    fetch: simulator.fetch,
    baseUrl: 'http://127.0.0.1:4010/v1',
    platformUrl: 'http://127.0.0.1:4011',
    ...options,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connectRedacted(server, serverSide, redact);
  const client = new Client({ name: 'prompt-tests', version: '1.0.0' });
  await client.connect(clientSide);
  open.push(client);
  return { client, simulator };
}

async function promptText(client: Client, name: string, args: Record<string, string>): Promise<string> {
  const { messages } = await client.getPrompt({ name, arguments: args });
  expect(messages).toHaveLength(1);
  const [message] = messages;
  if (message?.content.type !== 'text') throw new Error(`${name}: the prompt's message is not text`);
  return message.content.text;
}

/** Each `Call <tool> with {...}` of a prompt's text, as the tool call it asks for. */
function callsIn(text: string): { name: string; arguments: Record<string, unknown> }[] {
  return [...text.matchAll(/[Cc]all (\w+)(?: once)? with (\{[^}]*\})/g)].map(([, name, json]) => ({
    name: name ?? '',
    arguments: JSON.parse(json ?? '{}'),
  }));
}

async function call(client: Client, request: { name: string; arguments: Record<string, unknown> }) {
  return (await client.callTool(request)) as CallToolResult;
}

describe('the prompts', () => {
  it('are listed with their arguments, and each names only tools the server has', async () => {
    const { client } = await connect();
    const listed = await client.listPrompts();
    expect(listed.prompts.map((prompt) => prompt.name)).toEqual([
      'cheapest_instance',
      'spend_by_kind',
      'grow_volume',
    ]);
    for (const { prompt, tools } of prompts) {
      expect(listed.prompts).toContainEqual(prompt);
      expect(prompt.arguments?.some((argument) => argument.required)).toBe(true);
      for (const tool of tools) expect(toolNames, prompt.name).toContain(tool);
    }
  });

  it('cheapest_instance: the instance its steps find is the cheapest of the simulator catalogue, for any GPU and region', async () => {
    const { client, simulator } = await connect();
    const catalogue = simulator.state.instanceTypes;
    const gpuTypes = [...new Set(catalogue.map((type) => type.gpu_type))];
    const regions = [...new Set(catalogue.map((type) => type.region))];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gpuTypes, 'B300'),
        fc.constantFrom(...regions, 'mars-north-1'),
        fc.option(fc.constantFrom(1, 2, 4, 8), { nil: undefined }),
        async (gpuType, region, gpuCount) => {
          const args = { gpu_type: gpuType, region, ...(gpuCount ? { gpu_count: String(gpuCount) } : {}) };
          const text = await promptText(client, 'cheapest_instance', args);
          const [first, fallback] = callsIn(text);
          expect(first?.name).toBe('list_instance_types');
          const result = await call(client, first as never);
          expect(result.isError).toBeFalsy();
          const data = (result.structuredContent as { data: { id: string; hourly_rate: number }[] }).data;
          const matching = catalogue.filter(
            (type) =>
              type.gpu_type === gpuType &&
              type.region === region &&
              (gpuCount === undefined || type.gpu_count === gpuCount),
          );
          if (matching.length === 0) {
            expect(data).toEqual([]);
            // The prompt's fallback: where that GPU is offered at all.
            const elsewhere = await call(client, fallback as never);
            const offered = (elsewhere.structuredContent as { data: { gpu_type: string }[] }).data;
            expect(offered.length).toBe(catalogue.filter((type) => type.gpu_type === gpuType).length);
            return;
          }
          const lowest = Math.min(...matching.map((type) => type.hourly_rate));
          // The prompt's step 2: the first one is the cheapest.
          expect(data[0]?.hourly_rate).toBe(lowest);
          expect(matching.filter((type) => type.hourly_rate === lowest).map((type) => type.id)).toContain(
            data[0]?.id,
          );
        },
      ),
      { seed: 38, numRuns: 25 },
    );
  });

  it('spend_by_kind: walking every page as its steps say totals exactly the simulator ledger of each kind over the period', async () => {
    const { client, simulator } = await connect();
    const ledger = simulator.state.workspace(secretKey).ledger;
    const days = [...new Set(ledger.map((entry) => entry.transaction.createdAt.slice(0, 10)))].sort();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: days.length - 1 }),
        fc.integer({ min: 0, max: days.length - 1 }),
        async (a, b) => {
          const [from, to] = [days[Math.min(a, b)] ?? '', days[Math.max(a, b)] ?? ''];
          const text = await promptText(client, 'spend_by_kind', { from, to });
          const [start, end] = [`${from}T00:00:00.000Z`, `${to}T23:59:59.999Z`];
          expect(text).toContain(`from ${start} to ${end}`);
          const firstCalls = callsIn(text);
          expect(firstCalls.map((first) => first.arguments.type)).toEqual([
            'credit',
            'usage',
            'refund',
            'adjustment',
          ]);
          for (const first of firstCalls) {
            expect(first.name).toBe('list_billing_transactions');
            let request = first;
            let count = 0;
            let total = 0;
            for (;;) {
              const result = await call(client, request);
              expect(result.isError, textOf(result)).toBeFalsy();
              const page = result.structuredContent as {
                data: { amount: number; createdAt: string }[];
                meta: { hasMore: boolean };
              };
              for (const transaction of page.data) {
                if (transaction.createdAt >= start && transaction.createdAt <= end) {
                  count += 1;
                  total += transaction.amount;
                }
              }
              const last = page.data.at(-1);
              if (!page.meta.hasMore || !last || last.createdAt < start) break;
              const offset = Number(request.arguments.offset) + Number(request.arguments.limit);
              request = { ...request, arguments: { ...request.arguments, offset } };
            }
            const expected = ledger.filter(
              (entry) =>
                entry.type === first.arguments.type &&
                entry.transaction.createdAt >= start &&
                entry.transaction.createdAt <= end,
            );
            expect(count, String(first.arguments.type)).toBe(expected.length);
            expect(total).toBeCloseTo(
              expected.reduce((sum, entry) => sum + entry.transaction.amount, 0),
              6,
            );
          }
        },
      ),
      { seed: 38, numRuns: 6 },
    );
  });

  it('spend_by_kind: only the kinds asked for, in the order asked', async () => {
    const { client } = await connect();
    const text = await promptText(client, 'spend_by_kind', {
      from: '2026-11-01T09:30:00+02:00',
      to: '2026-11-20',
      kinds: 'usage, refund,usage',
    });
    expect(text).toContain('from 2026-11-01T07:30:00.000Z to 2026-11-20T23:59:59.999Z');
    expect(callsIn(text).map((first) => first.arguments.type)).toEqual(['usage', 'refund']);
  });

  it('grow_volume: its one call grows the volume on the simulator; the same again is the 409 it describes, an unknown id the 404', async () => {
    const { client, simulator } = await connect({ allow: ['resize_volume'] });
    const volumes = simulator.state.workspace(secretKey).volumes;
    const [id, volume] = [...volumes.entries()].find(([, candidate]) => candidate.sizeGb < 800) ?? [];
    if (!id || !volume) throw new Error('the simulator has no volume under 800 GB');
    const text = await promptText(client, 'grow_volume', { id, size_gb: '800' });
    expect(text).not.toContain('does not list');
    expect(text).toContain('Never repeat the call');
    const [resize] = callsIn(text);
    expect(resize).toEqual({ name: 'resize_volume', arguments: { id, size_gb: 800 } });
    const grown = await call(client, resize as never);
    expect(grown.isError, textOf(grown)).toBeFalsy();
    expect(grown.structuredContent).toMatchObject({ data: { id, sizeGb: 800 } });
    expect(volumes.get(id)?.sizeGb).toBe(800);

    // What the prompt says a 409 and a 404 look like is what the tool answers.
    const code = (status: string) => new RegExp(`${status} \\(\`(\\w+)\`, code \`(\\w+)\``).exec(text);
    const again = await call(client, resize as never);
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain(`409 (${code('409')?.[1]}, code ${code('409')?.[2]}`);
    const missing = callsIn(
      await promptText(client, 'grow_volume', { id: 'vol_nowhere', size_gb: '900' }),
    )[0];
    const notFound = await call(client, missing as never);
    expect(textOf(notFound)).toContain(`404 (${code('404')?.[1]}, code ${code('404')?.[2]}`);
  });

  it('grow_volume on a server that does not list resize_volume says which flag lists it, and stop', async () => {
    const { client } = await connect();
    const text = await promptText(client, 'grow_volume', { id: 'vol_training', size_gb: '800' });
    expect(text).toContain('does not list resize_volume');
    expect(text).toContain('`--allow resize_volume`');
    await expect(call(client, callsIn(text)[0] as never)).rejects.toThrow(/--allow resize_volume/);
  });
});

describe('prompt arguments', () => {
  const refusals: Array<[string, Record<string, string>, RegExp]> = [
    [
      'cheapest_instance',
      { gpu_type: 'H100' },
      /MCP error -32602: Prompt cheapest_instance: region: is required/,
    ],
    ['cheapest_instance', { gpu_type: '  ', region: 'us-east-1' }, /gpu_type: must not be empty/],
    [
      'cheapest_instance',
      { gpu_type: 'H100', region: 'us-east-1', gpu_count: 'eight' },
      /gpu_count: must be a whole number/,
    ],
    ['cheapest_instance', { gpu_type: 'H100', region: 'us-east-1', zone: 'a' }, /zone/],
    [
      'spend_by_kind',
      { from: 'yesterday', to: '2026-11-20' },
      /from: must be a day \(2026-11-01\) or an ISO 8601 date-time/,
    ],
    ['spend_by_kind', { from: '2026-02-30', to: '2026-03-02' }, /from: must be a day/],
    ['spend_by_kind', { from: '2026-11-20', to: '2026-11-01' }, /to: must not be before from \(2026-11-20\)/],
    [
      'spend_by_kind',
      { from: '2026-11-01', to: '2026-11-20', kinds: 'usage,fees' },
      /kinds: "fees" must be one of credit, usage, refund, adjustment/,
    ],
    ['grow_volume', { id: 'vol_training', size_gb: '20000' }, /size_gb: must be at most 10000 \(got 20000\)/],
    ['grow_volume', { id: 'vol_training', size_gb: '8.5' }, /size_gb: must be a whole number/],
    ['grow_volume', { size_gb: '800' }, /Prompt grow_volume: id: /],
  ];
  it.each(refusals)('%s %j is refused naming the field and the rule', async (name, args, message) => {
    const { client } = await connect();
    await expect(client.getPrompt({ name, arguments: args })).rejects.toThrow(message);
  });

  it("grow_volume takes exactly the sizes the spec's bounds allow", async () => {
    const { client } = await connect();
    const body = specModel.operation('resizeVolume').requestBody?.content['application/json']?.schema as {
      properties: { size_gb: { minimum: number; maximum: number } };
    };
    const { minimum, maximum } = body.properties.size_gb;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: minimum - 50, max: maximum + 50 }), async (size) => {
        const asked = client.getPrompt({
          name: 'grow_volume',
          arguments: { id: 'vol_training', size_gb: String(size) },
        });
        if (size >= minimum && size <= maximum) await expect(asked).resolves.toBeTruthy();
        else await expect(asked).rejects.toThrow(/size_gb: must be at (least|most)/);
      }),
      { seed: 38, numRuns: 60 },
    );
  });

  it('refuses 4,000 unknown arguments once, in a short message that counts them', async () => {
    const { client } = await connect();
    const args: Record<string, string> = { gpu_type: 'H100', region: 'us-east-1' };
    for (let at = 0; at < 4000; at++) args[`made_up_${at}`] = 'x';
    const refused = await client
      .getPrompt({ name: 'cheapest_instance', arguments: args })
      .catch((error) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect(refused.code).toBe(ErrorCode.InvalidParams);
    expect(refused.message).toMatch(
      /Prompt cheapest_instance: 4000 arguments are not arguments of cheapest_instance: "made_up_0", "made_up_1", "made_up_2" and 3997 more \(its arguments: gpu_type, region, gpu_count\)$/,
    );
    // One line, whatever the count: the answer does not grow with what was sent.
    expect(refused.message.length).toBeLessThan(300);
  });

  it.each([
    [
      'constructor',
      /"constructor": is not an argument of cheapest_instance \(its arguments: gpu_type, region, gpu_count\)/,
    ],
    ['__proto__', /"__proto__": is not an argument of cheapest_instance/],
    ['1', /"1": is not an argument of cheapest_instance/],
  ])('refuses an argument named %s with invalid params naming it, never -32603', async (name, message) => {
    const { client } = await connect();
    // Sent as the text a client writes: `__proto__` as an own name, as JSON.parse makes it.
    const args = JSON.parse(`{"gpu_type":"H100","region":"us-east-1",${JSON.stringify(name)}:"1"}`);
    const refused = await client
      .getPrompt({ name: 'cheapest_instance', arguments: args })
      .catch((error) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect(refused.code).toBe(ErrorCode.InvalidParams);
    expect(refused.message).toMatch(message);
    expect(refused.message).not.toMatch(/invalid_type|"path"|"code"/);
  });

  it('refuses an argument that is not text, or is longer than its bound, naming it', async () => {
    const { client } = await connect();
    const ask = (args: unknown) =>
      client
        .getPrompt({ name: 'cheapest_instance', arguments: args as Record<string, string> })
        .catch((error) => error);
    const notText = await ask({ gpu_type: 7, region: 'us-east-1' });
    expect(notText.code).toBe(ErrorCode.InvalidParams);
    expect(notText.message).toMatch(/gpu_type: must be text \(prompt arguments are strings\)/);
    const long = await ask({ gpu_type: 'H'.repeat(100_000), region: 'us-east-1' });
    expect(long.code).toBe(ErrorCode.InvalidParams);
    expect(long.message).toMatch(/gpu_type: must be at most 1000 characters \(got 100000\)$/);
    const list = await ask(['H100']);
    expect(list.message).toMatch(/arguments: must be an object of text values/);
  });

  it('answers an unknown prompt with a protocol error naming the ones it has', async () => {
    const { client } = await connect();
    await expect(client.getPrompt({ name: 'delete_everything' })).rejects.toThrow(
      /Unknown prompt: delete_everything \(prompts: cheapest_instance, spend_by_kind, grow_volume\)/,
    );
  });
});
