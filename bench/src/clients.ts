import { createClient, type InferenceInfraClient } from '@inference-infra/fetch-client';
import type { paths } from '@inference-infra/types';
import OpenAI from 'openai';
import createOpenapiFetch, { type Client } from 'openapi-fetch';
import type { Fixture } from './fixture.js';

export const apiKey = 'ii_live_bench';
export const headers = { Authorization: `Bearer ${apiKey}` };
export const jsonHeaders = { ...headers, 'content-type': 'application/json' };
export const embeddingBody = { model: 'bge', input: 'hello', encoding_format: 'float' as const };

/** The same fixture, called four ways: ours (all middleware and validation on), openapi-fetch bare, openai, raw. */
export interface BenchClients {
  ours: InferenceInfraClient;
  bare: Client<paths>;
  bareInference: Client<paths>;
  openai: OpenAI;
}

export function clientsFor(fixture: Fixture): BenchClients {
  return {
    ours: createClient({ apiKey, baseUrl: fixture.baseUrl, platformUrl: fixture.platformUrl }),
    bare: createOpenapiFetch<paths>({ baseUrl: fixture.platformUrl, headers }),
    bareInference: createOpenapiFetch<paths>({ baseUrl: fixture.baseUrl, headers }),
    openai: new OpenAI({ apiKey, baseURL: fixture.baseUrl, maxRetries: 0 }),
  };
}
