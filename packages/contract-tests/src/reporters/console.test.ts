import { describe, expect, it } from 'vitest';
import { feed } from '../test/reportEvents.js';
import { consoleReporter, consoleStyleFor } from './console.js';

async function printed(style: { symbols: boolean; color: boolean }): Promise<string> {
  const out: string[] = [];
  await feed(consoleReporter({ write: (text) => void out.push(text), ...style }));
  return out.join('');
}

describe('consoleReporter', () => {
  it('prints words and no ANSI codes for a log (not a terminal)', async () => {
    const out = await printed(consoleStyleFor({ isTTY: false }, {}));
    expect(out).not.toContain('\u001b[');
    expect(out).toMatch(/^PASS listInstanceTypes › sorts by hourly_rate$/m);
    expect(out).toMatch(
      /^SKIP resizeVolume › answers the volume at the requested size \(skipped: state-changing or billable call: run with --allow-mutations\)$/m,
    );
    expect(out).toMatch(/^FAIL listInstanceTypes › honours the gpu_type filter <H100>$/m);
  });

  it('prints symbols in a terminal, coloured unless NO_COLOR is set', async () => {
    expect(consoleStyleFor({ isTTY: true }, { NO_COLOR: '1' })).toEqual({ symbols: true, color: false });
    const plain = await printed(consoleStyleFor({ isTTY: true }, { NO_COLOR: '1' }));
    expect(plain).toMatch(/^✓ listInstanceTypes › sorts by hourly_rate$/m);
    expect(plain).toMatch(/^– resizeVolume/m);
    expect(plain).not.toContain('\u001b[');
    const coloured = await printed(consoleStyleFor({ isTTY: true }, {}));
    expect(coloured).toContain('\u001b[32m✓\u001b[39m listInstanceTypes › sorts by hourly_rate');
  });

  it('repeats each failure in full, reproduction included, before the summary', async () => {
    const out = await printed({ symbols: false, color: false });
    const failures = out.indexOf('Failures (1):');
    expect(failures).toBeGreaterThan(out.indexOf('FAIL listInstanceTypes'));
    const tail = out.slice(failures);
    expect(tail).toContain('  second line');
    expect(tail).toContain('reproduce: curl -sS -X GET');
    expect(tail.indexOf('reproduce:')).toBeLessThan(tail.indexOf('SUMMARY-TEXT'));
    expect(out.trimEnd().endsWith('SUMMARY-TEXT')).toBe(true);
    // In full once: its message and reproduction appear once in the whole output.
    expect(out.split('second line').length - 1).toBe(1);
    expect(out.split('reproduce:').length - 1).toBe(1);
  });
});
