import { describe, expect, it } from 'vitest';
import { type Packument, staleInstallsOfOurs } from './todaysBuild.js';

const served: Record<string, Packument> = {
  '@inference-infra/fetch-client': { versions: { '0.1.0': { dist: { integrity: 'sha512-today' } } } },
  '@inference-infra/types': { versions: { '0.1.0': { dist: { integrity: 'sha512-types' } } } },
};
const packumentOf = async (name: string) => served[name] ?? { versions: {} };

describe('staleInstallsOfOurs', () => {
  it('passes a lockfile whose packages of ours are what the registry serves, at any depth; others are not read', async () => {
    const lock = {
      packages: {
        '': { version: '0.0.0' },
        'node_modules/@inference-infra/fetch-client': { version: '0.1.0', integrity: 'sha512-today' },
        'node_modules/@inference-infra/fetch-client/node_modules/@inference-infra/types': {
          version: '0.1.0',
          integrity: 'sha512-types',
        },
        'node_modules/vite': { version: '8.3.8', integrity: 'sha512-anything' },
      },
    };
    expect(await staleInstallsOfOurs(lock, packumentOf)).toEqual([]);
  });

  it("names each package of ours taken from npm's cache instead of today's build, or of a version not served", async () => {
    const lock = {
      packages: {
        'node_modules/@inference-infra/fetch-client': { version: '0.1.0', integrity: 'sha512-yesterday' },
        'node_modules/@inference-infra/types': { version: '0.0.9', integrity: 'sha512-types' },
      },
    };
    expect(await staleInstallsOfOurs(lock, packumentOf)).toEqual([
      "node_modules/@inference-infra/fetch-client: @inference-infra/fetch-client@0.1.0 is sha512-yesterday, today's build is sha512-today",
      "node_modules/@inference-infra/types: @inference-infra/types@0.0.9 is sha512-types, today's build is undefined",
    ]);
  });
});
