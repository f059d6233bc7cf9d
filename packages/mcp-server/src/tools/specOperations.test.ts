import { createSimulator } from '@inference-infra/mock-server';
import {
  withoutOperation,
  withReadOperation,
  withRenamedOperation,
} from '@inference-infra/test-kit/specVariants';
import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };
import type { JsonObject } from '@inference-infra/types/spec-model';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../server/createMcpServer.js';

const bundle = bundledSpec as JsonObject;
const addresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };

/** An MCP server made from `spec`, calling a simulator of the same spec in process, and a client connected to it. */
async function connect(spec: JsonObject) {
  const simulator = createSimulator({ spec });
  const { server } = createMcpServer({ spec, apiKey: 'ii_live_mcp', fetch: simulator.fetch, ...addresses });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'spec-operations', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
  return { client, simulator, names, close: () => client.close() };
}

describe('tools follow the spec they are made from', () => {
  it('lists a new read operation as a tool with its parameters and answer schema', async () => {
    const { client, names, simulator, close } = await connect(withReadOperation(bundle));
    try {
      expect(await names()).toContain('get_volume');
      const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'get_volume');
      expect(tool?.inputSchema.required).toEqual(['id']);
      expect(tool?.outputSchema?.required).toEqual(['data']);
      // A call is checked and sent by the validators and the fetch client, whose route table `pnpm generate` writes from
      // the spec (spec/README.md, "Add an operation"): until then the client refuses the path before anything is sent,
      // and says which.
      const early = await client.callTool({ name: 'get_volume', arguments: { id: 'vol_01hx3k9q4m' } });
      if (early.isError) {
        expect(JSON.stringify(early.content)).toContain('GET /api/v1/storage/{id}');
        expect(simulator.state.requests).toEqual([]);
      } else {
        expect(simulator.state.requests.at(-1)).toMatchObject({ operationId: 'getVolume', status: 200 });
      }
    } finally {
      await close();
    }
  });

  it('lists a renamed operation under its new name only, and calls it', async () => {
    const renamed = withRenamedOperation(bundle, 'listBillingTransactions', 'listLedgerEntries');
    const { client, names, simulator, close } = await connect(renamed);
    try {
      const listed = await names();
      expect(listed).toContain('list_ledger_entries');
      expect(listed).not.toContain('list_billing_transactions');
      const result = await client.callTool({ name: 'list_ledger_entries', arguments: { limit: 2 } });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      // Through the fetch client to the simulator of the same spec, which serves the renamed operation from the spec.
      expect(simulator.state.requests.at(-1)).toMatchObject({
        operationId: 'listLedgerEntries',
        status: 200,
        answer: 'spec-example',
      });
    } finally {
      await close();
    }
  });

  it('drops the tool of a removed operation', async () => {
    const { names, close } = await connect(withoutOperation(bundle, 'listInstanceTypes'));
    try {
      expect(await names()).not.toContain('list_instance_types');
      expect(await names()).toContain('list_billing_transactions');
    } finally {
      await close();
    }
  });
});
