// One owner for every adapter: @inference-infra/query-core.
export { passThrough } from '@inference-infra/query-core';
