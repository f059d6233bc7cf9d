import { describe, expectTypeOf, it } from 'vitest';
import { createClient as createCoreClient } from '../core.js';
import {
  type CallOptions,
  createClient,
  type InferenceInfraClient,
  type ValidatingClientOptions,
} from '../index.js';

const client = createClient({ apiKey: 'ii_live_types' });

describe('withOptions() is typed', () => {
  it('gives a client of the same type, from either entry', () => {
    expectTypeOf(client.withOptions({ timeoutMs: 5_000 })).toEqualTypeOf<InferenceInfraClient>();
    expectTypeOf(createCoreClient({ apiKey: 'k' }).withOptions({})).toEqualTypeOf<InferenceInfraClient>();
    expectTypeOf(client.withOptions).parameter(0).toEqualTypeOf<ValidatingClientOptions>();
  });

  it('takes the options createClient takes, and refuses others', () => {
    void client.withOptions({ headers: { 'x-team': 'a' }, logLevel: 'debug', validate: false, apiKey: null });
    // @ts-expect-error 'verbose' is not a log level
    void client.withOptions({ logLevel: 'verbose' });
    // @ts-expect-error maxRetries is a number
    void client.withOptions({ maxRetries: '3' });
    // @ts-expect-error no such option
    void client.withOptions({ baseURL: 'https://api.example.test/v1' });
  });

  it('has per-call headers and fetch options typed', () => {
    expectTypeOf<CallOptions['headers']>().toEqualTypeOf<Record<string, string | null> | undefined>();
    void client.instances.listTypes(
      {},
      { fetchOptions: { cache: 'no-store', priority: 'low', keepalive: true } },
    );
    // @ts-expect-error the client sets the method itself
    void client.instances.listTypes({}, { fetchOptions: { method: 'POST' } });
    // @ts-expect-error the signal is a call option of its own, which the client combines with its timeout
    void client.instances.listTypes({}, { fetchOptions: { signal: AbortSignal.timeout(1) } });
  });
});
