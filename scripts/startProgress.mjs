// How far a long step of `bash scripts/start.sh` is, read from the step's own output (pnpm's and turbo's lines),
// and the one line on the screen that says so. Plain JavaScript with no dependency: it runs before `pnpm install`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Longest status shown: a status is a glance at the step, its whole output is in the log. */
const widestStatus = 70;

/** @param {string} text */
const cut = (text) => (text.length > widestStatus ? `${text.slice(0, widestStatus - 1)}…` : text);

/**
 * The install step (scripts/bootstrap.sh): the toolchain's own downloads by their sentences, then pnpm's counts
 * (`Packages: +N` once it knows how many it adds, then `Progress: resolved N, reused N, downloaded N, added N`).
 */
/**
 * @typedef {object} StepProgress
 * @property {(line: string) => void} read Takes one line of the step's output.
 * @property {() => string | undefined} status How far the step is, once its output has said anything about it.
 */

/** @returns {StepProgress} */
export function installProgress() {
  /** @type {string | undefined} */
  let status;
  /** @type {number | undefined} */
  let adding;
  return {
    read(line) {
      const text = line.trim();
      const toAdd = /^Packages: \+(\d+)/.exec(text);
      const progress = /^Progress: resolved (\d+), reused (\d+), downloaded (\d+), added (\d+)/.exec(text);
      if (toAdd) {
        adding = Number(toAdd[1]);
        status = `${adding} packages to add`;
      } else if (progress) {
        const [, resolved, , downloaded, added] = progress.map(Number);
        status =
          adding === undefined
            ? `${resolved} packages resolved, ${downloaded} downloaded, ${added} added`
            : `${added} of ${adding} packages added (${downloaded} downloaded)`;
      } else if (/^Already up to date/.test(text)) {
        status = 'packages already up to date';
      } else if (/installing|^Installing|^Toolchain:/.test(text)) {
        // bootstrap.sh's own sentences: the Node and pnpm downloads (why Node is downloaded stays in the log), then
        // the toolchain it settled on.
        status = cut(text.replace(/^[^:]*: (installing )/, '$1').replace(/ \.\.\.$/, ''));
      }
    },
    status: () => status,
  };
}

/**
 * The packages `turbo run build` builds: every workspace package with a `build` script, as pnpm-workspace.yaml
 * lists their folders (`dir` or `dir/*`).
 */
/**
 * @param {string} root The repository's root folder.
 * @returns {string[]} Their package names, sorted.
 */
export function workspaceBuildTasks(root) {
  const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  // The list runs on past comment lines inside it (the playground's entry follows one).
  const list = /^packages:\n((?:[ \t]+(?:-|#)[^\n]*\n?)+)/m.exec(workspace)?.[1] ?? '';
  const folders = list
    .split('\n')
    .filter((line) => /^\s*-/.test(line))
    .map((line) => line.replace(/^\s*-\s*/, '').replace(/^['"]|['"]$/g, ''))
    .filter((entry) => entry !== '')
    .flatMap((entry) => {
      if (!entry.endsWith('/*')) return [entry];
      const parent = entry.slice(0, -2);
      try {
        return readdirSync(join(root, parent), { withFileTypes: true })
          .filter((child) => child.isDirectory())
          .map((child) => `${parent}/${child.name}`);
      } catch {
        return [];
      }
    });
  const names = [];
  for (const folder of folders) {
    try {
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
      if (typeof manifest.scripts?.build === 'string') names.push(manifest.name);
    } catch {
      // A folder without a manifest is no workspace package: pnpm skips it too.
    }
  }
  return names.sort();
}

/**
 * The build step: turbo prefixes each task's lines with `<package>:build:`, so the first line of a package says it
 * was reached (`cache hit` when it comes from the cache), and its latest line which package is at work now.
 */
/**
 * @param {readonly string[]} packages The packages with a build script (`workspaceBuildTasks`).
 * @returns {StepProgress}
 */
export function buildProgress(packages) {
  /** @type {Set<string>} */
  const reached = new Set();
  /** @type {string | undefined} */
  let current;
  /** @type {string | undefined} */
  let finished;
  return {
    read(line) {
      // turbo colours the prefix on a terminal; the log keeps the colours, the status does not.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a colour code starts with ESC.
      const text = line.replaceAll(/\x1b\[[0-9;]*m/g, '');
      const task = /^(\S+):build: /.exec(text)?.[1];
      if (task !== undefined) {
        reached.add(task);
        current = task;
        return;
      }
      // turbo's own count, once all succeeded: after a failure it counts only the tasks it got to, which would read
      // as less work than the step had.
      const summary = /^\s*Tasks:\s+(\d+) successful, (\d+) total/.exec(text);
      if (summary && summary[1] === summary[2]) finished = `${summary[1]} of ${summary[2]} packages built`;
    },
    status() {
      if (finished) return finished;
      if (current === undefined) return undefined;
      const total = Math.max(packages.length, reached.size);
      return cut(`package ${reached.size} of ${total}, now ${current}`);
    },
  };
}

/**
 * The screen line of one step. On a terminal it is rewritten in place as the status changes and the seconds pass
 * (`update()` with no status redraws the seconds), cut to the terminal's width, since `\r` returns only to the start
 * of a wrapped line's last row. Anywhere else (CI, a pipe) a plain line is added only when the status changed and
 * `everyMs` has passed since the last one, so a log holds a few lines a step, and a step shorter than that holds one
 * line, as before.
 */
/**
 * @param {string} title
 * @param {{ tty: boolean, write: (text: string) => void, columns?: number, now?: () => number, everyMs?: number }} screen
 * @returns {{ update(next?: string): void, finish(outcome: string): void }}
 */
export function stepLine(title, { tty, write, columns, now = Date.now, everyMs = 10_000 }) {
  const started = now();
  const seconds = () => Math.round((now() - started) / 1000);
  /**
   * `head`, `middle` and `tail` on one row of the terminal: the middle (the status) is cut first, so the seconds stay
   * in view; on a terminal too narrow even for the rest, the whole is cut.
   * @param {string} head @param {string} middle @param {string} tail
   */
  const toWidth = (head, middle, tail = '') => {
    const whole = `${head}${middle}${tail}`;
    if (!columns || whole.length <= columns - 1) return whole;
    const room = columns - 1 - head.length - tail.length;
    if (room >= 10) return `${head}${middle.slice(0, room - 1)}…${tail}`;
    return `${whole.slice(0, columns - 2)}…`;
  };
  let lastPrinted = started;
  /** @type {string | undefined} */
  let printedStatus;
  let shown = false;
  /** @type {string | undefined} */
  let status;
  write(`${title} ...`);
  return {
    update(next) {
      const changed = next !== undefined && next !== status;
      if (next !== undefined) status = next;
      if (status === undefined) return;
      if (tty) {
        if (changed || next === undefined)
          write(`\r\x1b[2K${toWidth(`${title}: `, status, ` (${seconds()} s)`)}`);
        return;
      }
      if (status === printedStatus || now() - lastPrinted < everyMs) return;
      write(`\n  ${status} (${seconds()} s)`);
      printedStatus = status;
      lastPrinted = now();
      shown = true;
    },
    finish(outcome) {
      if (tty) write(`\r\x1b[2K${toWidth(`${title}: `, outcome)}\n`);
      else write(shown ? `\n${title}: ${outcome}\n` : ` ${outcome}\n`);
    },
  };
}
