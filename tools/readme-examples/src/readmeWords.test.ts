import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeFiles, repoRoot } from './readmeBlocks.js';
import { issueNumbersIn, quickstartMaxLines, quickstartProblems } from './readmeWords.js';
import { workspacePackages } from './shellCommands.js';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

/** The READMEs users read on npm: every package under packages/ that is published. */
const publishedReadmes = [...workspacePackages().values()]
  .filter((pkg) => pkg.dir.startsWith('packages/') && !pkg.private)
  .map((pkg) => `${pkg.dir}/README.md`);

describe('the words of the READMEs', () => {
  it('name no issue number in any README or CONTRIBUTING.md: its story goes to a CHANGELOG or bench/README.md', () => {
    const files = readmeFiles();
    expect(files.length).toBeGreaterThan(15);
    const found = files.flatMap((file) => issueNumbersIn(read(file)).map((where) => `${file} ${where}`));
    expect(found).toEqual([]);
  });

  it('find an issue number however our history wrote it, and nothing else', () => {
    const markdown =
      'was 7 kB before issue 16\nIssues 8 and 13\nfixed in #12.\nsee (#coverage-map), vol_01hx3k9q4m, `#` in sh';
    expect(issueNumbersIn(markdown)).toEqual(['line 1: "issue 16"', 'line 2: "Issues 8"', 'line 3: "#12"']);
  });

  it(`open each published package's README with a quickstart of at most ${quickstartMaxLines} lines, after a one-paragraph intro`, () => {
    expect(publishedReadmes.length).toBeGreaterThanOrEqual(6);
    const problems = publishedReadmes.flatMap((file) =>
      quickstartProblems(read(file)).map((problem) => `${file}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('refuse a README whose quickstart is missing, comes after another section, or is too long', () => {
    const intro = '# @scope/pkg\n\nWhat it is.\n\n';
    expect(quickstartProblems(`${intro}## Quickstart\n\n${'line\n'.repeat(30)}\n## Options\n`)).toEqual([]);
    expect(quickstartProblems(`${intro}## Quickstart\n\n${'line\n'.repeat(31)}\n## Options\n`)).toEqual([
      'its Quickstart is 31 lines long; at most 30 (code blocks included)',
    ]);
    expect(quickstartProblems(`${intro}## Options\n\n## Quickstart\n`)).toEqual([
      'the one-paragraph intro must be followed by the "## Quickstart" section, not "## Options"',
    ]);
    expect(
      quickstartProblems('# @scope/pkg\n\nWhat it is.\n\n```sh\nnpm install x\n```\n\n## Quickstart\n'),
    ).toEqual(['the one-paragraph intro must be followed by the "## Quickstart" section, not a code']);
    expect(quickstartProblems('# @scope/pkg\n\n## Quickstart\n')[0]).toMatch(/followed by one paragraph/);
  });
});
