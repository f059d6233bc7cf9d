import type { InstanceType, PersistentVolume } from '@inference-infra/types';
import { defaultCatalogue } from './catalogue.js';
import { generateLedger, type LedgerEntry } from './ledger.js';
import { hashText, hex, seededRandom } from './seededRandom.js';

/** What one API key sees: its own volumes and ledger (the spec scopes volumes by workspace). */
export interface Workspace {
  key: string;
  projectId: string;
  volumes: Map<string, PersistentVolume>;
  /** Newest first, with the kind of each transaction. */
  ledger: LedgerEntry[];
}

/** A generated image, kept so its `url` can be served; the pixels are derived from these on each download. */
export interface StoredImage {
  width: number;
  height: number;
  /** RGB colour derived from the prompt. */
  rgb: [number, number, number];
}

/** One answered request, for tests that check what a client sent. */
export interface RequestRecord {
  method: string;
  /** Path and query as sent, e.g. `/api/v1/billing/transactions?limit=50`. */
  path: string;
  operationId: string | undefined;
  status: number;
  requestId: string;
  /** Set when the answer came from the spec, not from a stateful operation: as its `X-Simulator-Answer` header says. */
  answer?: 'spec-example' | 'spec-schema';
}

/** The simulator's whole state: inspect it in tests, change it to set up a case, `reset()` to start over. */
export interface SimulatorState {
  readonly seed: number;
  /** The catalogue, as stored (the list answer sorts it). */
  instanceTypes: InstanceType[];
  /** Workspaces by API key, created on a key's first request. */
  workspaces: Map<string, Workspace>;
  /** The workspace of `key`, created (seeded) if it has none yet. */
  workspace(key: string): Workspace;
  images: Map<string, StoredImage>;
  /** Every answered request, oldest first: at least the last 10,000 (older ones are dropped a thousand at a time). */
  requests: RequestRecord[];
}

/** Beyond this many workspaces the least recently created is dropped, so a flood of random keys cannot grow memory. */
const maxWorkspaces = 1000;

/**
 * What the seeded start is made of, from the resolved options. Declared here, not imported from simulatorOptions.ts:
 * the options name the state (an interceptor is handed it), so importing them back would close a loop of imports.
 */
export interface SeededStartOptions {
  seed: number;
  transactionCount: number;
  instanceTypes?: readonly InstanceType[] | undefined;
  volumes: ReadonlyArray<Pick<PersistentVolume, 'id' | 'sizeGb'> & Partial<PersistentVolume>>;
}

function volumesOf(options: SeededStartOptions, projectId: string): Map<string, PersistentVolume> {
  const created = '2026-09-14T08:21:37.000Z';
  return new Map(
    options.volumes.map(({ id, sizeGb, ...rest }) => [
      id,
      {
        id,
        name: id.replace(/^vol_/, ''),
        sizeGb,
        status: 'available',
        region: 'us-east-1',
        providerType: 'block',
        deploymentId: `dep_${projectId.slice(4)}`,
        projectId,
        environmentId: `env_${projectId.slice(4)}`,
        createdAt: created,
        updatedAt: created,
        ...rest,
      },
    ]),
  );
}

export function createSimulatorState(options: SeededStartOptions): SimulatorState {
  const workspaces = new Map<string, Workspace>();
  const state: SimulatorState = {
    seed: options.seed,
    instanceTypes: options.instanceTypes ? structuredClone([...options.instanceTypes]) : defaultCatalogue(),
    workspaces,
    workspace(key) {
      const existing = workspaces.get(key);
      if (existing) return existing;
      // Every workspace gets the same seeded ledger, so a test's data does not depend on which key it picked.
      const projectId = `prj_${hex(hashText(key, options.seed))}`;
      const workspace: Workspace = {
        key,
        projectId,
        volumes: volumesOf(options, projectId),
        // Billed at the catalogue's prices as they are now: a later change of a price leaves past bills as they were.
        ledger: generateLedger(
          seededRandom(options.seed),
          options.transactionCount,
          projectId,
          state.instanceTypes,
        ),
      };
      if (workspaces.size >= maxWorkspaces) workspaces.delete(workspaces.keys().next().value as string);
      workspaces.set(key, workspace);
      return workspace;
    },
    images: new Map(),
    requests: [],
  };
  return state;
}
