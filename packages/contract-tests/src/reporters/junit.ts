import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CheckEndEvent, Reporter, RunStartEvent } from '../engine/events.js';
import { logSafe } from './logSafe.js';
import { xmlText } from './xml.js';

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(event: CheckEndEvent): string {
  const open = `    <testcase classname="${xmlText(event.check.operationId)}" name="${xmlText(event.check.name)}" time="${seconds(event.durationMs)}"`;
  if (event.outcome === 'passed') return `${open}/>`;
  if (event.outcome === 'skipped')
    return `${open}>\n      <skipped message="${xmlText(logSafe(event.reason ?? ''))}"/>\n    </testcase>`;
  const message = logSafe(event.message ?? 'failed');
  const body = [message, event.reproduction && logSafe(event.reproduction)].filter(Boolean).join('\n');
  return `${open}>\n      <failure message="${xmlText(message.split('\n')[0] ?? '')}" type="ContractViolation">${xmlText(body)}</failure>\n    </testcase>`;
}

/**
 * A JUnit XML report, the format every CI reads: one `testsuite` per operation, one `testcase` per check; a skip
 * carries its reason, a failure its message and reproduction; the seed is a property, so the run can be replayed.
 */
export function junitReporter(outputFile: string): Reporter {
  let start: RunStartEvent | undefined;
  const byOperation = new Map<string, CheckEndEvent[]>();
  return {
    onRunStart(event) {
      start = event;
    },
    onCheckEnd(event) {
      byOperation.set(event.check.operationId, [...(byOperation.get(event.check.operationId) ?? []), event]);
    },
    async onRunError({ message }) {
      // A report with one errored case, so CI shows the run as broken and the artifact step finds a file.
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="inference-infra contract suite" tests="1" failures="0" errors="1" skipped="0" time="0">',
        '  <testsuite name="pre-flight" tests="1" failures="0" errors="1" skipped="0" time="0">',
        `    <testcase classname="pre-flight" name="the target answers and takes the key" time="0">\n      <error message="${xmlText(logSafe(message))}"/>\n    </testcase>`,
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n');
      await mkdir(dirname(outputFile), { recursive: true });
      await writeFile(outputFile, xml);
    },
    async onRunEnd({ result, durationMs }) {
      const count = (events: CheckEndEvent[], outcome: CheckEndEvent['outcome']) =>
        events.filter((e) => e.outcome === outcome).length;
      const all = [...byOperation.values()].flat();
      const properties = [
        `      <property name="seed" value="${result.seed}"/>`,
        `      <property name="base-url" value="${xmlText(start?.target.baseUrl ?? '')}"/>`,
        `      <property name="platform-url" value="${xmlText(start?.target.platformUrl ?? '')}"/>`,
      ].join('\n');
      const suites = [...byOperation.entries()].map(([operationId, events]) =>
        [
          `  <testsuite name="${xmlText(operationId)}" tests="${events.length}" failures="${count(events, 'failed')}" errors="0" skipped="${count(events, 'skipped')}" time="${seconds(events.reduce((s, e) => s + e.durationMs, 0))}" timestamp="${start?.startedAt ?? ''}">`,
          `    <properties>\n${properties}\n    </properties>`,
          ...events.map(testcase),
          '  </testsuite>',
        ].join('\n'),
      );
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<testsuites name="inference-infra contract suite (seed ${result.seed})" tests="${all.length}" failures="${count(all, 'failed')}" errors="${result.errors.length}" skipped="${count(all, 'skipped')}" time="${seconds(durationMs)}">`,
        ...suites,
        '</testsuites>',
        '',
      ].join('\n');
      await mkdir(dirname(outputFile), { recursive: true });
      await writeFile(outputFile, xml);
    },
  };
}
