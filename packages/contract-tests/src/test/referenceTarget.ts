import type { Target } from '../target.js';
import type { ReferenceServer } from './referenceServer.js';

/** The reference server as a live target with mutations allowed, so every check runs against it. */
export function referenceTarget(server: ReferenceServer): Target {
  return {
    kind: 'live',
    baseUrl: server.baseUrl,
    platformUrl: server.platformUrl,
    apiKey: server.apiKey,
    allowMutations: true,
    volumeId: server.volumeId,
    volumeSizeGb: server.volumeSizeGb,
    models: {},
    requestTimeoutMs: 10_000,
  };
}
