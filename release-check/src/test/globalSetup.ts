import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { installPackedConsumer } from '../packedConsumer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh npm project outside the workspace with every public package installed from its packed tarball. */
    consumerProject: string;
  }
}

/** Packs and installs once for the whole run (the slow part: about a minute), and removes the project at the end. */
export default function setup(project: TestProject) {
  const consumerProject = mkdtempSync(join(tmpdir(), 'inference-infra-consumer-'));
  const started = Date.now();
  try {
    installPackedConsumer(consumerProject);
  } catch (error) {
    rmSync(consumerProject, { recursive: true, force: true });
    throw error;
  }
  console.log(
    `[release-check] packed and installed the consumer project in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('consumerProject', consumerProject);
  return () => rmSync(consumerProject, { recursive: true, force: true });
}
