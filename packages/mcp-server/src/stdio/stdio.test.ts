import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleArguments, readOnlyToolNames, specModel, toolNames } from '../test/specExamples.js';
import { type BinProcess, secretKey, startBin } from '../test/stdioProcess.js';
import { errorTextOf, textOf } from '../test/toolResults.js';
import { toolNameOf } from '../tools/operationTools.js';

describe('the built bin over stdio, read-only (the default)', () => {
  let bin: BinProcess;
  beforeAll(async () => {
    bin = await startBin(['--simulator', '--log-level', 'debug']);
  });
  afterAll(() => bin.close());

  it('lists only the read-only tools', async () => {
    const { tools } = await bin.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(readOnlyToolNames);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
  });

  it('answers the instance types with a filter as a table and structured content', async () => {
    const result = (await bin.client.callTool({
      name: 'list_instance_types',
      arguments: { gpu_type: 'H100', region: 'us-east-1' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const data = (
      result.structuredContent as { data: Array<{ gpu_type: string; region: string; hourly_rate: number }> }
    ).data;
    expect(data.length).toBeGreaterThan(0);
    for (const type of data) expect([type.gpu_type, type.region]).toEqual(['H100', 'us-east-1']);
    expect(data.map((type) => type.hourly_rate)).toEqual(
      [...data.map((type) => type.hourly_rate)].sort((a, b) => a - b),
    );
    expect(textOf(result)).toMatch(/^\d+ of \d+ items:\n\n\| id \| gpu_type \|/);
    expect(textOf(result)).toMatch(/Request id: req_/);
  });

  it('answers a page of transactions with what to ask for next', async () => {
    const result = await bin.client.callTool({
      name: 'list_billing_transactions',
      arguments: { limit: 5, type: 'usage' },
    });
    expect(textOf(result)).toContain(
      'More: call list_billing_transactions with {"limit":5,"type":"usage","offset":5}.',
    );
  });

  it('refuses a value the spec refuses, naming the field and the rule', async () => {
    const result = await bin.client.callTool({
      name: 'list_billing_transactions',
      arguments: { limit: 500 },
    });
    expect(errorTextOf(result)).toContain('nothing was sent');
    expect(textOf(result)).toContain('limit: must be at most 100 (got 500)');
  });

  it('answers a state-changing tool it does not list as a protocol error saying how to allow it', async () => {
    await expect(
      bin.client.callTool({ name: 'resize_volume', arguments: { id: 'vol_training', size_gb: 800 } }),
    ).rejects.toThrow(/--allow resize_volume/);
  });

  it('survives a line that is not JSON, a message that is not JSON-RPC, an unknown tool and a huge argument', async () => {
    const stdin = (bin.transport as unknown as { _process: { stdin: NodeJS.WritableStream } })._process.stdin;
    stdin.write('this is not json\n');
    stdin.write('{"hello":"world"}\n');
    await expect(bin.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      /Unknown tool: no_such_tool/,
    );
    // 9 MB in one argument: over the 8 MiB message limit, answered as an error, and the process goes on.
    await expect(
      bin.client.callTool({ name: 'list_instance_types', arguments: { gpu_type: 'x'.repeat(9_000_000) } }),
    ).rejects.toThrow(/limit is 8388608 bytes/);
    // A large argument under the limit is sent like any other (the spec bounds no region's length): no type matches.
    const large = await bin.client.callTool({
      name: 'list_instance_types',
      arguments: { region: 'y'.repeat(1_000_000) },
    });
    expect(large.structuredContent).toMatchObject({ data: [] });
    const after = await bin.client.callTool({ name: 'list_instance_types', arguments: {} });
    expect(after.isError).toBeFalsy();
    expect(bin.stderr()).toContain('Parse error');
  });

  it('never writes the key to stderr, even at debug level', () => {
    expect(bin.stderr()).toContain('[debug]');
    expect(bin.stderr()).not.toContain(secretKey);
  });
});

describe('the built bin over stdio with --allow-writes', () => {
  let bin: BinProcess;
  const results: unknown[] = [];
  beforeAll(async () => {
    bin = await startBin(['--simulator', '--allow-writes', '--log-level', 'debug']);
  });
  afterAll(() => bin.close());

  it('lists every tool', async () => {
    const { tools } = await bin.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(toolNames);
  });

  it.each(
    specModel.operations.map((operation) => [toolNameOf(operation.operationId), operation.operationId]),
  )(
    "%s answers the spec's example input with content its output schema accepts",
    async (name, operationId) => {
      // The SDK's client checks structuredContent against the tool's outputSchema itself, and throws if it does not fit.
      const result = await bin.client.callTool({ name, arguments: exampleArguments(operationId) });
      results.push(result);
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(result.structuredContent).toBeDefined();
    },
  );

  it('resizes a volume once, then answers the same size as the 409 naming the current size', async () => {
    const first = await bin.client.callTool({
      name: 'resize_volume',
      arguments: { id: 'vol_training', size_gb: 800 },
    });
    results.push(first);
    expect(first.isError, textOf(first)).toBeFalsy();
    expect((first.structuredContent as { data: { sizeGb: number } }).data.sizeGb).toBe(800);
    const second = await bin.client.callTool({
      name: 'resize_volume',
      arguments: { id: 'vol_training', size_gb: 800 },
    });
    results.push(second);
    expect(errorTextOf(second)).toMatch(
      /failed with 409 \(conflict_error, code size_not_increased, param size_gb\)/,
    );
    expect(textOf(second)).toContain('current size of 800 GB');
    expect(textOf(second)).toMatch(/Request id: req_/);
  });

  it('answers an unknown volume with the 404 and its request id', async () => {
    const result = await bin.client.callTool({
      name: 'resize_volume',
      arguments: { id: 'vol_nope', size_gb: 800 },
    });
    results.push(result);
    expect(errorTextOf(result)).toMatch(
      /failed with 404 \(not_found_error, code volume_not_found, param id\): id: no volume "vol_nope"/,
    );
  });

  it('returns a b64_json image as MCP image content (a PNG), not as text', async () => {
    const result = (await bin.client.callTool({
      name: 'generate_images',
      arguments: {
        model: 'flux-1-schnell',
        prompt: 'a red square',
        width: 256,
        height: 256,
        response_format: 'b64_json',
      },
    })) as CallToolResult;
    const image = result.content.find((block) => block.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = Buffer.from((image as { data: string }).data, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256);
    expect(JSON.stringify(result.structuredContent)).toMatch(/image content 1: image\/png, \d+ bytes/);
  });

  it('returns the whole chat reply, and redacts the key the reply echoes', async () => {
    const result = await bin.client.callTool({
      name: 'create_chat_completion',
      arguments: {
        model: 'llama-3.1-8b-instruct',
        messages: [{ role: 'user', content: `My key is ${secretKey}, is it safe?` }],
      },
    });
    results.push(result);
    const reply = (result.structuredContent as { choices: Array<{ message: { content: string } }> })
      .choices[0]?.message.content;
    expect(textOf(result).startsWith(reply ?? 'no reply')).toBe(true);
    expect(reply).toContain('[redacted]');
  });

  it('redacts the key from a refusal that quotes the value', async () => {
    const result = await bin.client.callTool({
      name: 'list_billing_transactions',
      arguments: { type: secretKey },
    });
    results.push(result);
    expect(errorTextOf(result)).toContain('[redacted]');
  });

  it('never shows the key: not in any result, not on stderr', () => {
    expect(results.length).toBeGreaterThan(8);
    expect(JSON.stringify(results)).not.toContain(secretKey);
    expect(bin.stderr()).not.toContain(secretKey);
  });
});

describe('the built bin against a rate limit', () => {
  it('retries a 429 after Retry-After, as the fetch client retries, and answers', async () => {
    const bin = await startBin([
      '--simulator',
      '--simulator-scenario',
      'rate-limited',
      '--log-level',
      'warn',
    ]);
    try {
      const started = Date.now();
      // The scenario answers every other request with 429 and Retry-After: 1.
      const first = await bin.client.callTool({ name: 'list_instance_types', arguments: {} });
      const second = await bin.client.callTool({ name: 'list_instance_types', arguments: {} });
      expect(first.isError).toBeFalsy();
      expect(second.isError).toBeFalsy();
      expect(bin.stderr()).toMatch(/\[warn\].*attempt 1 of 3.*429/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await bin.close();
    }
  });

  it('answers a 429 it may not retry any more as an error result with the request id', async () => {
    const bin = await startBin(['--simulator', '--simulator-scenario', 'rate-limited', '--max-retries', '0']);
    try {
      const answers = [
        await bin.client.callTool({ name: 'list_instance_types', arguments: {} }),
        await bin.client.callTool({ name: 'list_instance_types', arguments: {} }),
      ];
      const limited = answers.find((answer) => answer.isError);
      expect(textOf(limited)).toMatch(/failed with 429 \(rate_limit_error/);
      expect(textOf(limited)).toMatch(/Request id: req_/);
    } finally {
      await bin.close();
    }
  });
});
