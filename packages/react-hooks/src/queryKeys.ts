// The keys belong to @inference-infra/query-core, shared by every framework's adapter: one cache layout, one owner.
export { inferenceInfraKeys } from '@inference-infra/query-core';
