import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createSimulator } from '@inference-infra/mock-server';
import type { Fixture } from './fixture.js';
import type { Sizes } from './latency.js';
import { interleaved, type Summary, summarize } from './stats.js';

const require = createRequire(import.meta.url);
const mockBin = join(
  dirname(require.resolve('@inference-infra/mock-server/package.json')),
  'bin/inference-infra-mock.js',
);
const apiKey = 'ii_live_bench';
const listPath = '/api/v1/instances/types?gpu_type=H100';

export const mockEngines = ['simulator', 'prism'] as const;
type Engine = (typeof mockEngines)[number];

interface RunningMock {
  process: ChildProcess;
  platformUrl: string;
  /** From spawn to the CLI printing both addresses, in ms: what a user waits for. */
  startMs: number;
}

/** Starts the CLI as users do (`inference-infra-mock`), on free ports, and times it until it serves. */
function startCli(engine: Engine): Promise<RunningMock> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [mockBin, '--engine', engine, '--port', '0', '--platform-port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const platformUrl = /Platform base address:\s+(\S+)/.exec(output)?.[1];
      if (platformUrl) resolve({ process: child, platformUrl, startMs: performance.now() - started });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`inference-infra-mock --engine ${engine} exited ${code}: ${output}`)),
    );
  });
}

function stop(mock: RunningMock): Promise<void> {
  return new Promise((resolve) => {
    if (mock.process.exitCode !== null) return resolve();
    mock.process.once('exit', () => resolve());
    mock.process.kill('SIGTERM');
  });
}

/** One GET over a keep-alive agent, body read to the end; rejects on anything but 200. */
function get(agent: Agent, url: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const call = request(url, { agent, headers: { authorization: `Bearer ${apiKey}` } }, (response) => {
      response.resume();
      response.once('end', () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`)),
      );
    });
    call.once('error', reject);
    call.end();
  });
}

/** `total` GETs with 16 in flight at any time. */
async function sixteenInFlight(agent: Agent, url: URL, total: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      await get(agent, url);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/**
 * The simulator against Prism, both as the CLI serves them (Prism behind our layer): start-up until the addresses
 * print, and requests per second with 16 in flight, interleaved round by round. In process, the simulator's `fetch`
 * and its `handle` (no web Request/Response) per call.
 */
export async function mockEngineBenchmarks(
  fixture: Fixture,
  sizes: Sizes & { starts: number; callsPerRound: number },
): Promise<{
  startup: Map<string, Summary>;
  throughput: Map<string, Summary>;
  inProcess: Map<string, Summary>;
}> {
  const startSamples = new Map<Engine, number[]>(mockEngines.map((engine) => [engine, []]));
  const running = new Map<Engine, RunningMock>();
  try {
    for (let round = 0; round < sizes.starts; round++) {
      for (const engine of round % 2 === 0 ? mockEngines : [...mockEngines].reverse()) {
        const previous = running.get(engine);
        if (previous) await stop(previous);
        const mock = await startCli(engine);
        running.set(engine, mock);
        startSamples.get(engine)?.push(mock.startMs);
      }
    }
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const floorUrl = new URL(listPath, fixture.platformUrl);
    const throughputMs = await interleaved(
      [
        ...mockEngines.map((engine) => {
          const url = new URL(listPath, running.get(engine)?.platformUrl);
          return { name: engine, run: () => sixteenInFlight(agent, url, sizes.callsPerRound) };
        }),
        // The ceiling of this load generator on this machine: a server that answers a fixed body.
        { name: 'fixed-body node:http', run: () => sixteenInFlight(agent, floorUrl, sizes.callsPerRound) },
      ],
      { ...sizes, batch: 1 },
    );
    agent.destroy();
    const perSecond = (summary: Summary) =>
      summarize(summary.samples.map((ms) => (sizes.callsPerRound * 1000) / ms));
    const throughput = new Map([...throughputMs].map(([name, summary]) => [name, perSecond(summary)]));

    const simulator = createSimulator();
    const handleRequest = () =>
      simulator.toSimulatorRequest(
        'GET',
        new URL(`http://127.0.0.1:4011${listPath}`),
        { authorization: `Bearer ${apiKey}` },
        '',
      );
    const floorBody = JSON.stringify(simulator.handle(handleRequest()).json);
    const jsonHeaders = { headers: { 'content-type': 'application/json' } };
    const fetchRequest = () =>
      simulator.fetch(`http://127.0.0.1:4011${listPath}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const inProcess = await interleaved(
      [
        // The floor of any fetch-shaped answer on this runtime: a web Response of a small JSON body, read.
        { name: 'new Response + json()', run: () => new Response(floorBody, jsonHeaders).json() },
        { name: 'simulator.fetch + json()', run: () => fetchRequest().then((response) => response.json()) },
        { name: 'simulator.handle', run: async () => simulator.handle(handleRequest()) },
      ],
      sizes,
    );
    return {
      startup: new Map([...startSamples].map(([name, ms]) => [name, summarize(ms)])),
      throughput,
      inProcess,
    };
  } finally {
    await Promise.all([...running.values()].map(stop));
  }
}
