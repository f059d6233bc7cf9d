import type { ContractSpec } from '../model/spec.js';
import { coverageEntries } from './coverageEntries.js';
import type { CoverageEntry } from './coverageEntry.js';
import { uncheckableReason } from './uncheckableReasons.js';

/** One promise of the spec and what accounts for it: the checks that test it, or why none can. */
export interface CoverageMapEntry extends CoverageEntry {
  /** Full names of the checks (`operationId › name`) that declare this entry. */
  checks: string[];
  /** Why it cannot be checked from outside, when no check covers it. */
  reason?: string;
  /** Whether a check over generated cases (kind `property`) is among its checks, not only hand-picked examples. */
  generated: boolean;
  /**
   * Whether only generic checks cover it (derived from the spec for every operation alike: the key, refusals, answers
   * within bounds): a promise about what an operation means that no hand-written check of it tests yet.
   */
  genericOnly: boolean;
}

export interface CoverageMap {
  entries: CoverageMapEntry[];
  counts: {
    entries: number;
    checked: number;
    generated: number;
    /** Checked, but by generic checks only. */
    genericOnly: number;
    uncheckable: number;
    unaccounted: number;
  };
  /** Entries checks declare that the spec does not give: a check that names a promise the map does not have. */
  unknownCovers: string[];
}

/** What the map reads of a check (a `ContractCheck` is one): the promises stay below the engine that runs checks. */
export interface CoveringCheck {
  name: string;
  operationId: string;
  kind: string;
  covers: readonly string[];
  generic?: boolean;
}

const fullName = (check: CoveringCheck) => `${check.operationId} › ${check.name}`;

/** The coverage map: every entry the spec model gives, with the checks that declare it or the reason none can. */
export function buildCoverageMap(spec: ContractSpec, checks: readonly CoveringCheck[]): CoverageMap {
  const byEntry = new Map<string, string[]>();
  const byProperty = new Set<string>();
  const bySpecific = new Set<string>();
  for (const check of checks) {
    for (const id of new Set(check.covers)) {
      byEntry.set(id, [...(byEntry.get(id) ?? []), fullName(check)]);
      if (check.kind === 'property') byProperty.add(id);
      if (!check.generic) bySpecific.add(id);
    }
  }
  const entries = coverageEntries(spec).map((entry): CoverageMapEntry => {
    const covering = byEntry.get(entry.id) ?? [];
    const reason = covering.length === 0 ? uncheckableReason(entry) : undefined;
    return {
      ...entry,
      checks: covering,
      generated: byProperty.has(entry.id),
      genericOnly: covering.length > 0 && !bySpecific.has(entry.id),
      ...(reason ? { reason } : {}),
    };
  });
  const known = new Set(entries.map((entry) => entry.id));
  const checked = entries.filter((entry) => entry.checks.length > 0).length;
  const uncheckable = entries.filter((entry) => entry.reason !== undefined).length;
  return {
    entries,
    counts: {
      entries: entries.length,
      checked,
      generated: entries.filter((entry) => entry.generated).length,
      genericOnly: entries.filter((entry) => entry.genericOnly).length,
      uncheckable,
      unaccounted: entries.length - checked - uncheckable,
    },
    unknownCovers: [...byEntry.keys()].filter((id) => !known.has(id)).sort(),
  };
}

/** The line the console and the README show. */
export function formatCoverageMapSummary(map: CoverageMap): string {
  const { entries, checked, generated, uncheckable, unaccounted } = map.counts;
  return `Coverage map: ${entries} promises of the spec, ${checked} checked (${generated} over generated cases), ${uncheckable} not checkable from outside (reasons in the report)${unaccounted > 0 ? `, ${unaccounted} with neither` : ''}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The map as Markdown: the summary, then one table per kind of entry, each row with its checks or its reason. */
export function coverageMapMarkdown(map: CoverageMap): string {
  const lines = [
    '# Contract suite coverage map',
    '',
    formatCoverageMapSummary(map),
    '',
    `${map.counts.genericOnly} of the checked promises are covered by generic checks only (derived from the spec for every operation alike: the key, refusals, answers within bounds), none hand-written for the operation: "generic only" below.`,
    '',
  ];
  const kinds = [...new Set(map.entries.map((entry) => entry.kind))];
  for (const kind of kinds) {
    lines.push(
      `## ${kind}`,
      '',
      '| promise | value | generated cases | generic only | checked by | or why not |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const entry of map.entries.filter((e) => e.kind === kind)) {
      const checks =
        entry.checks.slice(0, 3).join('; ') +
        (entry.checks.length > 3 ? `; and ${entry.checks.length - 3} more` : '');
      lines.push(
        `| \`${cell(entry.id)}\` | ${cell(entry.detail ?? '')} | ${entry.generated ? 'yes' : ''} | ${entry.genericOnly ? 'yes' : ''} | ${cell(checks)} | ${cell(entry.reason ?? (entry.checks.length === 0 ? '**neither**' : ''))} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The map as JSON: the counts and every entry with all its checks. */
export function coverageMapJson(map: CoverageMap): string {
  return `${JSON.stringify({ summary: formatCoverageMapSummary(map), counts: map.counts, entries: map.entries }, null, 2)}\n`;
}
