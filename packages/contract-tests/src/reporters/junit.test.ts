import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed } from '../test/reportEvents.js';
import { junitReporter } from './junit.js';

describe('junitReporter', () => {
  let dir: string;
  let xml: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'junit-'));
    const file = join(dir, 'nested', 'report.xml');
    await feed(junitReporter(file));
    xml = await readFile(file, 'utf8');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('counts every check, one testsuite per operation, with the seed as a property', () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites [^>]*tests="3" failures="1" errors="0" skipped="1"/,
    );
    expect(xml).toMatch(/<testsuite name="listInstanceTypes" tests="2" failures="1" errors="0" skipped="0"/);
    expect(xml).toMatch(/<testsuite name="resizeVolume" tests="1" failures="0" errors="0" skipped="1"/);
    expect(xml).toContain('<property name="seed" value="77"/>');
  });

  it('gives a skipped check its reason as the message', () => {
    expect(xml).toContain(
      '<testcase classname="resizeVolume" name="answers the volume at the requested size" time="0.000">\n      <skipped message="state-changing or billable call: run with --allow-mutations"/>',
    );
  });

  it('gives a failure its first line as the message and the whole message with the reproduction as text, escaped', () => {
    expect(xml).toContain('name="honours the gpu_type filter &lt;H100&gt;"');
    expect(xml).toContain(
      '<failure message="GET /api/v1/instances/types → 500: expected status 200 &amp; &quot;a list&quot;" type="ContractViolation">',
    );
    expect(xml).toContain(
      'second line\n  reproduce: curl -sS -X GET &quot;authorization: Bearer $INFERENCE_INFRA_API_KEY&quot;',
    );
    // Every element opened is closed: a cheap well-formedness check on what the writer emits.
    expect((xml.match(/<testcase /g) ?? []).length).toBe(3);
    expect((xml.match(/<testcase [^>]*\/>|<\/testcase>/g) ?? []).length).toBe(3);
  });
});
