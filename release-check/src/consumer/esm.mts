// A consumer in ESM (moduleResolution node16): every public entry, typed, and a real call through the client.
import { createClient, RequestValidationError } from '@inference-infra/fetch-client';
import { createClient as createCoreClient } from '@inference-infra/fetch-client/core';
import { inferenceInfraKeys, instanceTypesQueryOptions } from '@inference-infra/query-core';
import { useInstanceTypes } from '@inference-infra/react-hooks';
import type { InstanceType } from '@inference-infra/types';
import { requestSchemas } from '@inference-infra/types';
import { startMockServer } from '@inference-infra/mock-server';

const client = createClient();
const page = await client.instances.listTypes({ gpu_type: 'H100' });
const first: InstanceType | undefined = page.data[0];
const refused = await client.storage.resize('vol_1', { size_gb: 9 }).catch((error: unknown) => error);
if (!(refused instanceof RequestValidationError)) throw new Error('size_gb 9 was not refused');
const core = createCoreClient();
const embeddings = await core.embeddings.create({ model: 'bge-large-en-v1.5', input: ['hello', 'world'] });
const options = instanceTypesQueryOptions(client, { gpu_type: 'H100' });
if (options.queryKey[0] !== inferenceInfraKeys.all[0]) throw new Error('query-core built a key outside its root');
void [useInstanceTypes, startMockServer, requestSchemas];
console.log(JSON.stringify({ esm: true, cheapest: first?.hourly_rate, embeddings: embeddings.data.length }));
