import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './readmeBlocks.js';

/**
 * The commands of a shell block, one per entry: lines joined where they end with `\`, comments and blank lines
 * dropped. A `#` starts a comment only at the start of a word and outside quotes, as in sh.
 */
export function commandsOf(block: string): string[] {
  return block
    .replaceAll(/\\\n/g, ' ')
    .split('\n')
    .map((line) => withoutComment(line).replaceAll(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

function withoutComment(line: string): string {
  let quote = '';
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '#' && (index === 0 || /\s/.test(line[index - 1] ?? ''))) {
      return line.slice(0, index);
    }
  }
  return line;
}

/** What the test does with a command: runs it, checks what it names (it cannot run here), or lists it. */
export type Verdict = 'run' | 'checked' | 'exception';

export interface CommandRule {
  /** What kind of command it is, for messages and the report. */
  name: string;
  pattern: RegExp;
  verdict: Verdict;
  /** Why it is not run (for `checked` and `exception`), or what the run proves (`run`). */
  reason: string;
}

interface WorkspacePackage {
  name: string;
  dir: string;
  version: string;
  private: boolean;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
}

/** Every workspace of the repository, by package name, as pnpm-workspace.yaml lists their folders. */
export function workspacePackages(): Map<string, WorkspacePackage> {
  const folders = ['spec', 'docs', 'bench', 'release-check'];
  for (const parent of ['packages', 'examples', 'tools']) {
    for (const entry of readdirSync(join(repoRoot, parent), { withFileTypes: true })) {
      if (entry.isDirectory()) folders.push(`${parent}/${entry.name}`);
    }
  }
  const packages = new Map<string, WorkspacePackage>();
  for (const dir of folders) {
    const manifestPath = join(repoRoot, dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    packages.set(manifest.name, {
      name: manifest.name,
      dir,
      version: manifest.version,
      private: manifest.private === true,
      scripts: manifest.scripts ?? {},
      dependencies: manifest.dependencies ?? {},
      bin: typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {}),
    });
  }
  return packages;
}

/** The flags (`--name`) a command line uses. */
export function flagsOf(command: string): string[] {
  return [...command.matchAll(/(?:^|\s)(--[a-z][a-z-]*)/g)].map((match) => match[1] ?? '');
}

/** The `--help` text of a workspace package's command, as its built bin prints it. */
export function helpOf(packageName: string): string {
  const pkg = workspacePackages().get(packageName);
  const bin = Object.values(pkg?.bin ?? {})[0];
  if (!pkg || !bin) throw new Error(`${packageName} has no command`);
  // Both streams: the MCP server prints it to stderr, its stdout being the protocol's.
  const result = spawnSync(process.execPath, [join(repoRoot, pkg.dir, bin), '--help'], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

/**
 * The one sentence every README says after an install of a package by name, word for word: until the first release
 * the packages are on no public registry, and `scripts/start.sh --registry` serves them from a clone.
 */
export const registryNote =
  'Until the packages are published on npm, `bash scripts/start.sh --registry` in a clone of this repository serves them: add `--registry http://127.0.0.1:4873`.';

/** The local registry's address, as `start.sh --registry` serves it by default and `registryNote` gives it. */
export const localRegistry = 'http://127.0.0.1:4873';

/**
 * The commands the READMEs may hold, first match wins. A command no rule matches fails the test: a new command is
 * run, or checked and listed here with its reason, before it lands.
 */
export const commandRules: CommandRule[] = [
  {
    name: "an example's install",
    pattern: /^npm install --registry http:\/\/127\.0\.0\.1:4873$/,
    verdict: 'checked',
    reason:
      "an example's README (examples/<name>/): tools/examples-check runs it in a copy of the folder outside the repository, the test registry's address in place of 4873",
  },
  {
    name: "an example's npm script",
    pattern: /^(INFERENCE_INFRA_\w+=\S+ )*npm (start|test|run [\w:-]+)$/,
    verdict: 'checked',
    reason:
      "the example's package.json has the script; tools/examples-check runs it in the copy, pointed at the simulator through the variables its README names",
  },
  {
    name: "a request to an example's server",
    pattern: /^curl '?http:\/\/127\.0\.0\.1:3000\/\S*$/,
    verdict: 'checked',
    reason:
      "tools/examples-check sends it to the example's server, started on a free port, and checks the answer",
  },
  {
    name: 'curl against the local mock',
    pattern: /^curl /,
    verdict: 'run',
    reason:
      'run through /bin/sh against the simulator, its addresses in place of the local mock default ones',
  },
  {
    name: 'the toolchain on PATH',
    pattern: /^source scripts\/toolchain-path\.sh$/,
    verdict: 'run',
    reason:
      "sourced in bash at the repository's root: node must then be at least .node-version's, pnpm packageManager's",
  },
  {
    name: 'start',
    pattern: /^bash scripts\/start\.sh( --registry)?$/,
    verdict: 'exception',
    reason:
      "serves the mock, the docs and the playground until stopped; each is tested by its own workspace's tests",
  },
  {
    name: 'test',
    pattern: /^bash scripts\/test\.sh$/,
    verdict: 'exception',
    reason: 'is what CI runs, this test included',
  },
  {
    name: 'bootstrap',
    pattern: /^bash scripts\/bootstrap\.sh$/,
    verdict: 'exception',
    reason: 'installs the toolchain and the lockfile into this checkout: done before any test can run',
  },
  {
    name: 'release',
    pattern: /^bash scripts\/release-(version|publish)\.sh$/,
    verdict: 'exception',
    reason:
      'versions or publishes a release; release-check dry-runs changeset version and pnpm publish in CI',
  },
  {
    name: 'runtimes',
    pattern: /^bash release-check\/scripts\/install-runtimes\.sh$/,
    verdict: 'exception',
    reason:
      'downloads the runtime matrix (about 870 MB) from npm; scripts/test.sh runs it before the release check',
  },
  {
    name: "a workspace's task",
    pattern: /^(FUZZ_SEED=\d+ )?pnpm --filter (\S+) ([\w:]+)$/,
    verdict: 'checked',
    reason:
      'the workspace exists and has the script; CI runs that task in that workspace (start serves until stopped), so running it from here would run it twice',
  },
  {
    name: 'a turbo build',
    pattern: /^pnpm turbo run build --filter=(\S+?)(\.\.\.)?$/,
    verdict: 'checked',
    reason: 'the workspace exists; CI builds it before any test',
  },
  {
    name: 'test:quick',
    pattern: /^pnpm test:quick( --base \S+)?$/,
    verdict: 'checked',
    reason:
      'the root script exists; it lints, type-checks and tests what changed in this checkout since main, a subset of what CI runs here anyway',
  },
  {
    name: 'bench:compare',
    pattern: /^pnpm bench:compare \S+( --smoke)?$/,
    verdict: 'checked',
    reason:
      'the root script exists; it builds another commit in a git worktree (minutes of a 2-core machine), never in a test',
  },
  {
    name: 'install from npm',
    pattern:
      /^npm install( --save-dev)? (@inference-infra\/[\w-]+ ?)+( ?(@stoplight\/prism-cli@5\.14\.2|@tanstack\/react-query|react|react-dom|@modelcontextprotocol\/sdk|@tanstack\/query-core|@tanstack\/vue-query|vue@3|@tanstack\/solid-query|solid-js|@tanstack\/svelte-query|svelte|@tanstack\/angular-query-experimental|@angular\/core|@angular\/common))*$/,
    verdict: 'run',
    reason:
      "src/readerBlocks.test.ts runs it with npm in a reader's folder outside the repository, with `--registry` of the test's registry added as the sentence after the block (registryNote) tells a reader to, before the README's blocks run there; our packages install at today's versions",
  },
  {
    name: 'install Prism, the optional engine',
    pattern: /^npm install --save-dev @stoplight\/prism-cli@5\.14\.2$/,
    verdict: 'checked',
    reason:
      "Prism's tree from the public registry (tens of MB); the contract-tests README's install line brings the same version in its reader's folder, and the release check's consumer project installs it and runs the Prism engine on every Node line",
  },
  {
    name: 'a new project of ES modules',
    pattern: /^npm init -y && npm pkg set type=module$/,
    verdict: 'run',
    reason:
      'run in an empty temporary folder: it must leave a package.json whose "type" is "module", which the React quickstart needs for its top-level await; src/readerBlocks.test.ts runs it in the reader\'s folder before the install line, as the README orders them',
  },
  {
    name: 'install by name from the local registry',
    pattern:
      /^npm install( --save-dev)? (@inference-infra\/[\w-]+ ?)+( ?(@tanstack\/react-query|react|react-dom|@modelcontextprotocol\/sdk))* --registry http:\/\/127\.0\.0\.1:4873$/,
    verdict: 'run',
    reason:
      "src/readerBlocks.test.ts runs it with npm in a reader's folder outside the repository, the test's registry in place of the address `start.sh --registry` serves; our packages install at today's versions",
  },
  {
    name: 'the contract suite against the local mock',
    pattern:
      /^npx @inference-infra\/contract-tests --base-url http:\/\/127\.0\.0\.1:4010\/v1 --platform-url http:\/\/127\.0\.0\.1:4011 --api-key ii_live_mock( --[\w-]+( [\w-]+)?)*$/,
    verdict: 'run',
    reason:
      "the built command, against a fresh simulator that takes only ii_live_mock as scripts/start.sh's does: every check passes or is skipped with its reason, exit 0",
  },
  {
    name: 'the contract suite',
    pattern: /^npx @inference-infra\/contract-tests( |$)/,
    verdict: 'checked',
    reason:
      'every flag is one the built command lists in --help; it runs against a deployment (example.com) or the bundled Prism mock, which the release check runs on the installed tarball',
  },
  {
    name: 'the MCP server on stdio with the simulator',
    pattern: /^npx @inference-infra\/mcp-server --simulator$/,
    verdict: 'run',
    reason:
      'the built command, with stdin closed at once: it starts, says what it serves and ends with exit 0',
  },
  {
    name: 'the MCP server',
    pattern: /^(INFERENCE_INFRA_\w+=\S+ )*npx @inference-infra\/mcp-server( |$)/,
    verdict: 'checked',
    reason:
      'every flag is one the built command lists in --help; it serves until stopped (the mcp-server tests run it over stdio and HTTP)',
  },
  {
    name: 'Claude Code',
    pattern: /^claude mcp add [\w-]+ (--env INFERENCE_INFRA_\w+=\S+ )*-- npx -y @inference-infra\/mcp-server/,
    verdict: 'exception',
    reason:
      "Claude Code's own command, not installed here; the MCP server's flags in it are checked against --help",
  },
  {
    name: 'the MCP Inspector',
    pattern: /^npx @modelcontextprotocol\/inspector --cli npx -y @inference-infra\/mcp-server /,
    verdict: 'exception',
    reason:
      "not run here: the Inspector's package has a postinstall script, which the root allowBuilds refuses (it does nothing when the package is a dependency); the MCP server's flags in it are checked against --help",
  },
  {
    name: 'the playground server',
    pattern:
      /^INFERENCE_INFRA_API_KEY=\S+ node examples\/playground\/scripts\/servePlayground\.js( --[\w-]+ \S+)*$/,
    verdict: 'checked',
    reason:
      "the script exists and takes these flags; it serves on port 4013 until stopped, and the playground's tests run it as a process",
  },
  {
    name: 'into the release check',
    pattern: /^cd release-check( && npx vitest run)?$/,
    verdict: 'checked',
    reason: 'the folder has its vitest config; CI runs the release check in its workspace',
  },
  {
    name: 'one release-check cell',
    pattern: /^npx vitest run (src\/\S+\.test\.ts) -t '([^']+)'$/,
    verdict: 'checked',
    reason:
      "the test file exists in release-check and names the cell; CI runs every cell in the release check's run",
  },
];

export function ruleOf(command: string): CommandRule | undefined {
  return commandRules.find((rule) => rule.pattern.test(command));
}
