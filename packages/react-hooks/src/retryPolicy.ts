// The retry rule belongs to @inference-infra/query-core: every framework's queries retry alike.
export { mutationRetry, shouldRetryQuery } from '@inference-infra/query-core';
