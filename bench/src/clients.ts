import {
  createClient,
  type InferenceInfraClient,
  type ValidatingClientOptions,
} from '@inference-infra/fetch-client';
import { createClient as createCoreClient } from '@inference-infra/fetch-client/core';
import type { paths } from '@inference-infra/types';
import OpenAI from 'openai';
import createOpenapiFetch, { type Client } from 'openapi-fetch';
import type { Fixture } from './fixture.js';
import type { Contender } from './stats.js';

export const apiKey = 'ii_live_bench';
export const headers = { Authorization: `Bearer ${apiKey}` };
export const jsonHeaders = { ...headers, 'content-type': 'application/json' };
export const embeddingBody = { model: 'bge', input: 'hello', encoding_format: 'float' as const };

/** How one build of our client is made: an entry's `createClient`. */
export type CreateClient = (options: ValidatingClientOptions) => InferenceInfraClient;

/** Our clients under the names their rows give them: this build's entries, or (bench:compare) two builds. */
export type OurClients = Record<string, CreateClient>;

/** This build's main entry (validation on), as every suite measures it. */
export const ours: OurClients = { ours: createClient };
/** Both entries of this build, for the in-process suite: the core entry leaves validation to the server. */
export const oursAndCore: OurClients = { ours: createClient, 'ours core': createCoreClient };

export interface SuiteOptions {
  /** Raw fetch, openapi-fetch and the openai client beside ours (default); bench:compare leaves them out. */
  baselines?: boolean;
}

/** Each of `clients` made for `fixture`. */
export function oursFor(fixture: Fixture, clients: OurClients): Record<string, InferenceInfraClient> {
  return Object.fromEntries(
    Object.entries(clients).map(([name, create]) => [
      name,
      create({ apiKey, baseUrl: fixture.baseUrl, platformUrl: fixture.platformUrl }),
    ]),
  );
}

/** The same fixture, called the ways ours is compared with: openapi-fetch bare (both base addresses) and openai. */
export interface Baselines {
  bare: Client<paths>;
  bareInference: Client<paths>;
  openai: OpenAI;
}

export function baselinesFor(fixture: Fixture): Baselines {
  return {
    bare: createOpenapiFetch<paths>({ baseUrl: fixture.platformUrl, headers }),
    bareInference: createOpenapiFetch<paths>({ baseUrl: fixture.baseUrl, headers }),
    openai: new OpenAI({ apiKey, baseURL: fixture.baseUrl, maxRetries: 0 }),
  };
}

/**
 * `mine` with the baselines of the suite around them (the first is the suite's baseline: raw fetch, or the openai
 * client for streams), unless the options leave the baselines out.
 */
export function withBaselines(
  { baselines = true }: SuiteOptions,
  mine: Contender[],
  others: Record<string, Contender['run']>,
): Contender[] {
  if (!baselines) return mine;
  const [first, ...rest] = Object.entries(others).map(([name, run]) => ({ name, run }));
  return [...(first ? [first] : []), ...mine, ...rest];
}
