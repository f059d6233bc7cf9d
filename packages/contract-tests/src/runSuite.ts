import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { CheckSelection } from './checks/check.js';
import { type CoverageSummary, summarizeCoverage } from './coverage.js';
import { loadContractSpec } from './spec.js';
import type { Target } from './target.js';
import './suite/providedContext.js';

export type ReporterName = 'default' | 'junit';

export interface SuiteOptions {
  target: Target;
  selection: CheckSelection;
  reporter: ReporterName;
  /** Where the JUnit report goes (required with the junit reporter). */
  outputFile?: string;
}

export interface FailedCheck {
  name: string;
  message: string;
}

export interface SuiteResult {
  passed: number;
  failed: FailedCheck[];
  /** Skipped checks by reason. */
  skipped: Map<string, number>;
  /** Errors outside any check (the suite could not load, an unhandled rejection). */
  errors: string[];
  coverage: CoverageSummary;
}

/** The compiled suite beside this module (`dist/suite/contract.suite.js`), or its source when run from `src`. */
function suiteLocation(): { dir: string; file: string } {
  const dir = fileURLToPath(new URL('./suite/', import.meta.url));
  const file = existsSync(join(dir, 'contract.suite.js')) ? 'contract.suite.js' : 'contract.suite.ts';
  return { dir, file };
}

const skipPattern = /\[skipped: (.+)\]$/;

/**
 * Runs the shipped suite with vitest, programmatically: no config file of the caller's project is read
 * (`config: false`), and nothing is excluded, because an installed suite lives under `node_modules`.
 */
export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const { dir, file } = suiteLocation();
  const work = await mkdtemp(join(tmpdir(), 'inference-infra-contract-'));
  const coverageFile = join(work, 'coverage.json');
  try {
    const reporters: Array<string | [string, Record<string, unknown>]> =
      options.reporter === 'junit'
        ? ['verbose', ['junit', { outputFile: resolve(options.outputFile ?? 'contract-tests.junit.xml') }]]
        : ['verbose'];
    const vitest = await startVitest(
      'test',
      [],
      {
        config: false,
        root: dir,
        dir,
        include: [file],
        exclude: [],
        watch: false,
        reporters,
        // One worker: the checks share the run's state (the volume's size) and must not race on the target.
        fileParallelism: false,
        maxWorkers: 1,
        // Each request has its own timeout; a check may make hundreds (a ledger walk per transaction type), so the
        // check's own limit only catches a server that keeps answering forever.
        testTimeout: options.target.requestTimeoutMs * 10,
        hookTimeout: 30_000,
        provide: {
          contractTarget: options.target,
          contractSelection: options.selection,
          contractCoverageFile: coverageFile,
        },
      },
      { cacheDir: join(work, 'vite'), logLevel: 'warn' },
    );
    const result: SuiteResult = {
      passed: 0,
      failed: [],
      skipped: new Map(),
      errors: [],
      coverage: summarizeCoverage(loadContractSpec(), []),
    };
    for (const module of vitest.state.getTestModules()) {
      for (const error of module.errors()) result.errors.push(error.message);
      for (const test of module.children.allTests()) {
        const outcome = test.result();
        if (outcome.state === 'passed') result.passed += 1;
        else if (outcome.state === 'failed') {
          result.failed.push({ name: test.fullName, message: outcome.errors?.[0]?.message ?? 'failed' });
        } else if (outcome.state === 'skipped') {
          const reason = skipPattern.exec(test.name)?.[1] ?? outcome.note ?? 'skipped';
          result.skipped.set(reason, (result.skipped.get(reason) ?? 0) + 1);
        }
      }
    }
    for (const error of vitest.state.getUnhandledErrors()) {
      result.errors.push(error instanceof Error ? error.message : String(error));
    }
    await vitest.close();
    if (existsSync(coverageFile)) {
      const { seen } = JSON.parse(await readFile(coverageFile, 'utf8')) as { seen: string[] };
      result.coverage = summarizeCoverage(loadContractSpec(), seen);
    }
    return result;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
