/**
 * The contract suite of the inference and platform API, for programmatic use. Most partners run the command
 * (`npx @inference-infra/contract-tests`); these exports let a test harness run the same checks itself.
 */

export { type BoundaryCase, boundaryCases } from './cases/boundaryCases.js';
export { type NegativeCase, negativeCases } from './cases/negativeCases.js';
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
} from './engine/events.js';
export { type CheckListener, type CheckResult, runChecks } from './engine/runChecks.js';
export { runSuite, type SuiteOptions } from './engine/runSuite.js';
export { createSeededRandom, type SeededRandom } from './engine/seededRandom.js';
export { ContractViolation, conformanceProblems } from './judgements/conformance.js';
export { createSchemaValidator, type SchemaValidator } from './model/schemaValidator.js';
export { type ContractSpec, loadContractSpec, type SpecOperation } from './model/spec.js';
export {
  consoleReporter,
  githubSummaryReporter,
  harReporter,
  junitReporter,
  ndjsonReporter,
} from './reporters/index.js';
export { type CoverageSummary, formatCoverage, summarizeCoverage } from './transport/coverage.js';
export type { Exchange } from './transport/exchange.js';
export { PreflightError, preflight } from './transport/preflight.js';
export { resolveTarget, type Target, type TargetFlags } from './transport/target.js';
