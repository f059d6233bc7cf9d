import { join } from 'node:path';

/** The public registry that serves every package but ours, unless `INFERENCE_INFRA_UPSTREAM_REGISTRY` names another. */
export const defaultUpstream = 'https://registry.npmjs.org/';

/**
 * Verdaccio's configuration, as YAML (JSON is YAML). Our scope is never proxied: a name of ours that is not published
 * here is a 404 rather than whatever the public registry may hold under it. Anyone may read; only `publisher`, the
 * one user `startLocalRegistry` writes into the password file before the registry starts, may publish or unpublish
 * anything, and nobody can sign up (`max_users: -1`; 0 would mean no limit): a page or a local process that made itself
 * a user could otherwise replace `@inference-infra/fetch-client` with a version of its own. The web UI is off: the
 * registry is for package managers.
 */
export function verdaccioConfig(storage: string, upstream: string, publisher: string): string {
  const onlyPublisher = { access: '$all', publish: publisher, unpublish: publisher };
  const config = {
    storage: join(storage, 'packages'),
    auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: -1 } },
    // A test registry lives for one suite: the metadata it fetched holds for its life (30 min, not the default 2 min,
    // after which each of a suite's installs asked the npm registry for every package again).
    uplinks: { npmjs: { url: upstream, timeout: '60s', max_fails: 5, maxage: '30m' } },
    packages: {
      '@inference-infra/*': onlyPublisher,
      '**': { ...onlyPublisher, proxy: 'npmjs' },
    },
    web: { enable: false },
    max_body_size: '200mb',
    // Node's default of 5 s closes an idle connection a client may be about to reuse ("other side closed").
    server: { keepAliveTimeout: 60 },
    log: { type: 'stdout', format: 'pretty', level: 'warn' },
  };
  return JSON.stringify(config, null, 2);
}
