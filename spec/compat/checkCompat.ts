import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diffSpecs, requiredBump, type SpecChange } from './diffSpecs.js';
import { atLeast, type Bump, pendingBumps } from './pendingBumps.js';

/** The packages whose public shapes come from the spec: a spec change is versioned across all of them at once. */
export const specPackages = [
  '@inference-infra/types',
  '@inference-infra/fetch-client',
  '@inference-infra/query-core',
  '@inference-infra/react-hooks',
];

export interface CompatReport {
  changes: SpecChange[];
  needed: Bump | 'none';
  underDeclared: Array<{ pkg: string; declared: Bump | 'none' }>;
}

export function checkCompat(released: unknown, current: unknown, bumps: Map<string, Bump>): CompatReport {
  const changes = diffSpecs(released, current);
  const needed = requiredBump(changes);
  const underDeclared = specPackages
    .map((pkg) => ({ pkg, declared: bumps.get(pkg) ?? ('none' as const) }))
    .filter(({ declared }) => !atLeast(declared, needed));
  return { changes, needed, underDeclared };
}

export function formatReport(report: CompatReport): string {
  const lines = [
    `Spec changes since the last release: ${report.changes.length} (needs a ${report.needed} bump)`,
  ];
  for (const change of report.changes.filter((c) => c.severity !== 'patch')) {
    lines.push(`  ${change.severity.padEnd(8)} ${change.at}: ${change.what}`);
  }
  for (const { pkg, declared } of report.underDeclared) {
    lines.push(`  ✗ ${pkg}: pending changesets declare ${declared}, the spec change needs ${report.needed}`);
  }
  if (report.underDeclared.length > 0) {
    lines.push(
      `Add one with: pnpm changeset (choose ${report.needed} for ${report.underDeclared.map((u) => u.pkg).join(', ')})`,
    );
  }
  return lines.join('\n');
}

// Run as a script: compare the bundle with the last release's copy and fail when changesets under-declare.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = (relative: string) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
  const report = checkCompat(
    read('../released/openapi.json'),
    read('../dist/openapi.json'),
    pendingBumps(fileURLToPath(new URL('../../.changeset', import.meta.url))),
  );
  console.log(formatReport(report));
  process.exit(report.underDeclared.length > 0 ? 1 : 0);
}
