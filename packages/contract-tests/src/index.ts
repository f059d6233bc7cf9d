/**
 * The contract suite of the inference and platform API, for programmatic use. Most partners run the command
 * (`npx @inference-infra/contract-tests`); these exports let a test harness run the same checks itself.
 */
export {
  buildChecks,
  type CheckContext,
  type CheckSelection,
  type ContractCheck,
  createCheckContext,
  type Requirement,
  selectChecks,
  skipReason,
} from './checks/index.js';
export { ContractViolation, conformanceProblems } from './conformance.js';
export { type CoverageSummary, formatCoverage, summarizeCoverage } from './coverage.js';
export type {
  CheckEndEvent,
  CheckStartEvent,
  FailedCheck,
  ReportedCheck,
  ReportedTarget,
  Reporter,
  RunEndEvent,
  RunErrorEvent,
  RunStartEvent,
  SuiteResult,
} from './events.js';
export type { Exchange } from './exchange.js';
export { type BoundaryCase, boundaryCases, type NegativeCase, negativeCases } from './negativeCases.js';
export { PreflightError, preflight } from './preflight.js';
export {
  consoleReporter,
  githubSummaryReporter,
  harReporter,
  junitReporter,
  ndjsonReporter,
} from './reporters/index.js';
export { type CheckListener, type CheckResult, runChecks } from './runChecks.js';
export { runCli } from './runCli.js';
export { runSuite, type SuiteOptions } from './runSuite.js';
export { createSchemaValidator, type SchemaValidator } from './schemaValidator.js';
export { createSeededRandom, type SeededRandom } from './seededRandom.js';
export { type ContractSpec, loadContractSpec, type SpecOperation } from './spec.js';
export { resolveTarget, type Target, type TargetFlags } from './target.js';
