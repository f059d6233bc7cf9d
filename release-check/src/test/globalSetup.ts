import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rehearseRelease } from '@inference-infra/local-registry/rehearseRelease';
import type { LocalRegistry } from '@inference-infra/local-registry/startLocalRegistry';
import { startLocalRegistry } from '@inference-infra/local-registry/startLocalRegistry';
import { installTmpdir } from '@inference-infra/test-kit/installTmpdir';
import type { TestProject } from 'vitest/node';
import { installConsumerByName } from '../consumerProject.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh npm project outside the workspace with every released package installed by name from the registry. */
    consumerProject: string;
    /** The local registry the release was published into (`--registry` takes it). */
    registryUrl: string;
    /** What the rehearsed release published: name to version. */
    releasedVersions: Record<string, string>;
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Once for the whole run (the slow part, a few minutes): a local registry, the real release into it (changeset
 * version on a throwaway branch, the build, changeset publish), and a consumer project that installs every package
 * by name with npm. The release's output goes to test-artifacts/release-rehearsal.log.
 */
export default async function setup(project: TestProject) {
  const consumerProject = mkdtempSync(join(installTmpdir(), 'inference-infra-consumer-'));
  let registry: LocalRegistry | undefined;
  const teardown = async () => {
    await registry?.close();
    rmSync(consumerProject, { recursive: true, force: true });
  };
  try {
    let started = Date.now();
    registry = await startLocalRegistry();
    const rehearsal = await rehearseRelease(registry);
    mkdirSync(join(project.config.root, 'test-artifacts'), { recursive: true });
    writeFileSync(join(project.config.root, 'test-artifacts/release-rehearsal.log'), rehearsal.log);
    rehearsal.remove();
    const released = rehearsal.published;
    console.log(
      `[release-check] released ${released.map((pkg) => `${pkg.name}@${pkg.version}`).join(', ')} into ${registry.url} in ${seconds(started)}`,
    );
    started = Date.now();
    await installConsumerByName(consumerProject, registry.url, released);
    console.log(`[release-check] installed the consumer project by name with npm in ${seconds(started)}`);
    project.provide('consumerProject', consumerProject);
    project.provide('registryUrl', registry.url);
    project.provide('releasedVersions', Object.fromEntries(released.map((pkg) => [pkg.name, pkg.version])));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
