import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import type { TestProject } from 'vitest/node';
import { bundledSpecPath } from '../model/spec.js';
import { resolveTarget } from '../transport/target.js';
import '../suite/providedContext.js';

/**
 * The target of the suite inside the monorepo: one Prism mock of the bundled spec for the whole run, on free loopback
 * ports, always stopped. The deployment named by `INFERENCE_INFRA_*` only with `CONTRACT_TESTS_LIVE=1` as well: those
 * variables are also what a developer sets to use the client, and a test run must not reach past loopback unasked.
 */
export default async function setup(project: TestProject) {
  const request = resolveTarget({}, process.env.CONTRACT_TESTS_LIVE === '1' ? process.env : {});
  let mock: MockServer | undefined;
  // Prism, as the command starts it: the bundled mock answers static examples, not the simulator's state.
  if (request.kind === 'bundled-mock')
    mock = await startMockServer({ engine: 'prism', specPath: bundledSpecPath() });
  project.provide(
    'contractTarget',
    request.kind === 'live' ? request.target : request.complete(mock as MockServer),
  );
  project.provide('contractSelection', { only: [], skip: [] });
  project.provide('contractCoverageFile', '');
  return () => mock?.close();
}
