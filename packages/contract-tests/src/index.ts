/**
 * The contract suite of the inference and platform API, for programmatic use. Most partners run the command
 * (`npx @inference-infra/contract-tests`); these exports let a test harness run the same checks itself.
 */

export { type BoundaryCase, boundaryCases } from './cases/boundaryCases.js';
export { type NegativeCase, negativeCases } from './cases/negativeCases.js';
export { ContractViolation, conformanceProblems } from './checks/conformance.js';
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
export { runCli } from './cli/runCli.js';
export { createSchemaValidator, type SchemaValidator } from './model/schemaValidator.js';
export { type ContractSpec, loadContractSpec, type SpecOperation } from './model/spec.js';
export {
  consoleReporter,
  githubSummaryReporter,
  harReporter,
  junitReporter,
  ndjsonReporter,
} from './reporters/index.js';
export { type CoverageSummary, formatCoverage, summarizeCoverage } from './run/coverage.js';
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
} from './run/events.js';
export type { Exchange } from './run/exchange.js';
export { PreflightError, preflight } from './run/preflight.js';
export { createSeededRandom, type SeededRandom } from './run/seededRandom.js';
export { resolveTarget, type Target, type TargetFlags } from './run/target.js';
export { type CheckListener, type CheckResult, runChecks } from './runner/runChecks.js';
export { runSuite, type SuiteOptions } from './runner/runSuite.js';
