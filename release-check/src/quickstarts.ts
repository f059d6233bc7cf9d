import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicPackage } from '@inference-infra/local-registry/workspacePackages';

/** A package README's Quickstart, as a reader follows it. */
export interface Quickstart {
  package: string;
  /** The packages its install line adds besides ours (peers, the MCP SDK). */
  extraInstalls: string[];
  /** The file it says to save, with the name it gives. */
  file?: { name: string; code: string };
  /** What it runs: the saved file (with tsx, as it says), or a package's command with its arguments. */
  run: { kind: 'file' } | { kind: 'command'; packageName: string; args: string[] };
  /** The output sample that follows the run (`...` lines stand for any), if it shows one. */
  sample?: string;
}

interface Fence {
  lang: string;
  value: string;
  /** The prose between the previous fence (or the section's start) and this one. */
  before: string;
}

function fencesOf(section: string): Fence[] {
  const fences: Fence[] = [];
  const pattern = /^```(\w*)[^\n]*\n([\s\S]*?)^```$/gm;
  let last = 0;
  for (let match = pattern.exec(section); match; match = pattern.exec(section)) {
    fences.push({ lang: match[1] ?? '', value: match[2] ?? '', before: section.slice(last, match.index) });
    last = match.index + match[0].length;
  }
  return fences;
}

/** The `## Quickstart` section of a README, to the next heading of the same level. */
export function quickstartSection(readme: string): string | undefined {
  const start = readme.search(/^## Quickstart$/m);
  if (start < 0) return undefined;
  const rest = readme.slice(start + 1);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Reads the Quickstart of `pkg`'s README; an error names the README and what a reader could not follow. */
export function quickstartOf(pkg: PublicPackage): Quickstart {
  const path = join(pkg.dir, 'README.md');
  const section = quickstartSection(readFileSync(path, 'utf8'));
  if (!section) throw new Error(`${path} has no "## Quickstart" section`);
  const fences = fencesOf(section);
  const extraInstalls: string[] = [];
  let file: Quickstart['file'];
  let run: Quickstart['run'] | undefined;
  let sample: string | undefined;
  for (const fence of fences) {
    if (fence.lang === 'sh') {
      for (const line of fence.value.split('\n').map((text) => text.replace(/\s+#.*$/, '').trim())) {
        for (const command of line.split('&&').map((part) => part.trim())) {
          const install = /^npm install (.+)$/.exec(command);
          if (install) {
            const names = (install[1] ?? '').split(/\s+/).filter((word) => !word.startsWith('-'));
            extraInstalls.push(...names.filter((name) => !name.startsWith('@inference-infra/')));
          }
          const npx = /^npx (@inference-infra\/[\w-]+)(.*)$/.exec(command);
          if (npx)
            run = {
              kind: 'command',
              packageName: npx[1] as string,
              args: (npx[2] ?? '').split(/\s+/).filter(Boolean),
            };
        }
      }
    } else if (/^tsx?$/.test(fence.lang)) {
      const names = [...fence.before.matchAll(/`([\w-]+\.m?tsx?)`/g)].map((match) => match[1] as string);
      const name = names.at(-1);
      if (!name)
        throw new Error(`${path}: the quickstart's ${fence.lang} block follows no file name to save it as`);
      file = { name, code: fence.value };
      run = { kind: 'file' };
    } else if (fence.lang === 'text' && run) {
      sample = fence.value.replace(/\n$/, '');
    }
  }
  if (!run) throw new Error(`${path}: the quickstart runs neither a file nor one of our commands`);
  return { package: pkg.name, extraInstalls, ...(file ? { file } : {}), run, ...(sample ? { sample } : {}) };
}

/** The local mock's addresses, as the quickstarts write them, replaced with those of a running mock. */
export function pointedAt(code: string, mock: { baseUrl: string; platformUrl: string }): string {
  return code
    .replaceAll('http://127.0.0.1:4010/v1', mock.baseUrl)
    .replaceAll('http://127.0.0.1:4011', mock.platformUrl);
}
