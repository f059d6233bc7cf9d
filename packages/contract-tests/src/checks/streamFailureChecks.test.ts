import { describe, expect, it } from 'vitest';
import { runChecks } from '../engine/runChecks.js';
import { loadContractSpec } from '../model/spec.js';
import { type HostileAnswer, startHostileServer } from '../test/hostileServer.js';
import { startSimulatorTarget } from '../test/simulatorTarget.js';
import { type StreamFailureVariant, streamFailureVariants } from '../test/streamFailureVariants.js';
import { buildChecks, type ContractCheck, createCheckContext, skipReasons } from './index.js';

const spec = loadContractSpec();
const checks = (names: RegExp) =>
  buildChecks(spec, createCheckContext(spec, { ...hostileTarget('http://127.0.0.1:9') }).validator).filter(
    (check) => check.operationId === 'createChatCompletion' && names.test(check.name),
  );
const streamFailure = /^fails a stream mid-way as the spec says/;

function hostileTarget(url: string) {
  return {
    kind: 'live' as const,
    baseUrl: `${url}/v1`,
    platformUrl: url,
    apiKey: 'ii_live_hostile',
    allowMutations: true,
    models: {},
    requestTimeoutMs: 10_000,
  };
}

async function verdictAgainstSimulator(
  variant: Pick<StreamFailureVariant, 'faults' | 'wrap'>,
  names: RegExp,
) {
  const simulator = await startSimulatorTarget(variant.wrap, { faults: variant.faults });
  try {
    const ctx = createCheckContext(spec, simulator.target, { seed: 49 });
    return await runChecks(checks(names), ctx);
  } finally {
    await simulator.close();
  }
}

describe('the check of how a stream fails, against the simulator', () => {
  it('is skipped, saying why, when no stream of the run fails', async () => {
    const [result] = await verdictAgainstSimulator({ faults: [] }, streamFailure);
    expect(result?.outcome).toBe('skipped');
    expect(result?.detail).toBe(skipReasons.noFailedStream);
  });

  it.each(streamFailureVariants.map((variant) => [variant.name, variant] as const))(
    'judges the simulator that %s',
    async (_, variant) => {
      const [result] = await verdictAgainstSimulator(variant, streamFailure);
      if (variant.conforms) expect(result?.outcome, result?.detail).toBe('passed');
      else {
        console.log(`✗ ${variant.name}\n  ${result?.detail}`);
        expect(result?.outcome).toBe('failed');
        expect(result?.detail).toMatch(/reproduce: curl|POST \/chat\/completions/);
      }
    },
    60_000,
  );

  it('passes a stream that drips (every chunk late, none lost), and one that drips and then fails as the spec says', async () => {
    // A slow service is no broken one: the stream check reads to the end, the failure check judges only a failure.
    const names = /^streams chunks as text\/event-stream|^fails a stream mid-way/;
    const drip = 'stream-drip-ms=120';
    const dripping = await verdictAgainstSimulator(
      { faults: [{ operationId: 'createChatCompletion', simulate: drip }] },
      names,
    );
    expect(dripping.map((r) => [r.outcome, r.detail ?? ''])).toEqual([
      ['passed', ''],
      ['skipped', skipReasons.noFailedStream],
    ]);
    const failing = await verdictAgainstSimulator(
      { faults: [{ operationId: 'createChatCompletion', simulate: `${drip};stream-error-after=2` }] },
      /^fails a stream mid-way/,
    );
    expect(failing.map((r) => r.outcome)).toEqual(['passed']);
  }, 60_000);

  it('judges a failed stream another check met, though its own streams end well', async () => {
    // Only the first streamed chat fails: the stream check of the family meets it, this check's own two do not.
    const once = [{ operationId: 'createChatCompletion', simulate: 'stream-error-after=2', times: 1 }];
    const breakIt = streamFailureVariants.find((v) => v.name === 'sends data: [DONE] after the error event');
    const names = /^streams chunks as text\/event-stream|^fails a stream mid-way/;
    const conforming = await verdictAgainstSimulator({ faults: once }, names);
    expect(conforming.map((r) => r.outcome)).toEqual(['failed', 'passed']);
    const broken = await verdictAgainstSimulator(
      { faults: once, ...(breakIt?.wrap ? { wrap: breakIt.wrap } : {}) },
      names,
    );
    expect(broken.map((r) => r.outcome)).toEqual(['failed', 'failed']);
    expect(broken[1]?.detail).toMatch(/after the error event/);
  }, 60_000);
});

const chunk = (n: number) =>
  JSON.stringify({
    id: 'chatcmpl-hand',
    object: 'chat.completion.chunk',
    created: 1_795_339_800,
    model: 'llama-3.1-8b-instruct',
    choices: [{ index: 0, delta: { content: `part ${n}` }, finish_reason: null }],
  });
const errorBody = JSON.stringify({
  error: {
    message: 'the model failed',
    type: 'server_error',
    code: null,
    param: null,
    requestId: 'req_hand',
  },
});
const chunks = `data: ${chunk(0)}\n\ndata: ${chunk(1)}\n\n`;

/** Hand-made servers on loopback, each answering every streamed chat with these bytes. */
const handMade: Array<{
  name: string;
  body: string;
  framing?: HostileAnswer['framing'];
  conforms: boolean;
  says?: RegExp;
}> = [
  {
    name: 'an error event without an event name (as the simulator sends it)',
    body: `${chunks}data: ${errorBody}\n\n`,
    conforms: true,
  },
  {
    name: 'an error event named error, lines ending CRLF',
    body: `${chunks}event: error\ndata: ${errorBody}\n\n`.replaceAll('\n', '\r\n'),
    conforms: true,
  },
  {
    name: 'an error event whose body is not an ErrorResponse',
    body: `${chunks}event: error\ndata: {"message":"failed"}\n\n`,
    conforms: false,
    says: /breaks ErrorResponse/,
  },
  {
    name: 'data: [DONE] after the error event',
    body: `${chunks}data: ${errorBody}\n\ndata: [DONE]\n\n`,
    conforms: false,
    says: /\[DONE\] among them/,
  },
  {
    name: 'the stream cut without an error event',
    body: chunks,
    framing: 'cut',
    conforms: false,
    says: /broke off after 2 events, without an error event/,
  },
  {
    name: 'the stream closed without [DONE] or an error event',
    body: chunks,
    conforms: false,
    says: /ended without data: \[DONE\]/,
  },
];

describe('the check of how a stream fails, against hand-made servers', () => {
  it.each(handMade.map((server) => [server.name, server] as const))('judges %s', async (_, server) => {
    const hostile = await startHostileServer(() => ({
      status: 200,
      reason: 'OK',
      headers: [
        ['content-type', 'text/event-stream'],
        ['x-request-id', 'req_hand'],
      ],
      body: server.body,
      ...(server.framing ? { framing: server.framing } : {}),
    }));
    try {
      const ctx = createCheckContext(spec, hostileTarget(hostile.url), { seed: 49 });
      const [result] = await runChecks(checks(streamFailure) as ContractCheck[], ctx);
      if (server.conforms) expect(result?.outcome, result?.detail).toBe('passed');
      else {
        expect(result?.outcome).toBe('failed');
        expect(result?.detail).toMatch(server.says as RegExp);
      }
    } finally {
      await hostile.close();
    }
  });
});
