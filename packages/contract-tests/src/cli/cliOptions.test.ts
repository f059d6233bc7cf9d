import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from './cliOptions.js';

describe('parseCliArgs', () => {
  it('refuses a stray argument without repeating it, since it is often a key given without --api-key', () => {
    expect(() => parseCliArgs(['ii_live_pasted_key'])).toThrow(UsageError);
    expect(() => parseCliArgs(['ii_live_pasted_key'])).toThrow(/unexpected argument \(not shown/);
    expect(() => parseCliArgs(['ii_live_pasted_key'])).not.toThrow(/ii_live_pasted_key/);
  });

  it('reads the target, mutation and report flags', () => {
    const options = parseCliArgs([
      '--base-url',
      'http://127.0.0.1:9/v1',
      '--platform-url=http://127.0.0.1:9',
      '--api-key',
      'ii_live_x',
      '--allow-mutations',
      '--volume-id',
      'vol_1',
      '--reporter',
      'junit',
      '--output-file',
      'report.xml',
    ]);
    expect(options).toMatchObject({
      flags: {
        baseUrl: 'http://127.0.0.1:9/v1',
        platformUrl: 'http://127.0.0.1:9',
        apiKey: 'ii_live_x',
        allowMutations: true,
        volumeId: 'vol_1',
      },
      reporters: ['junit'],
      outputFile: 'report.xml',
    });
  });

  it('takes several reporters, repeated or comma-separated, once each', () => {
    const { reporters } = parseCliArgs([
      '--reporter',
      'github,junit',
      '--reporter',
      'JUnit',
      '--output-file',
      'r.xml',
    ]);
    expect(reporters).toEqual(['github', 'junit']);
    expect(parseCliArgs([]).reporters).toEqual([]);
  });

  it('reads --report FORMAT FILE, also as FORMAT=FILE, repeatable', () => {
    const { exchangeReports } = parseCliArgs([
      '--report',
      'har',
      'out/run.har',
      '--report',
      'ndjson=run.ndjson',
      '--seed',
      '42',
    ]);
    expect(exchangeReports).toEqual([
      { format: 'har', file: 'out/run.har' },
      { format: 'ndjson', file: 'run.ndjson' },
    ]);
  });

  it('refuses --report without a file or with an unknown format, naming the flag', () => {
    expect(() => parseCliArgs(['--report', 'har'])).toThrow(
      /--report takes a format \(har, ndjson, coverage\) and a file/,
    );
    expect(() => parseCliArgs(['--report', 'har', '--seed', '1'])).toThrow(/--report takes/);
    expect(() => parseCliArgs(['--report', 'pcap', 'x.pcap'])).toThrow(/--report takes .*got "pcap=x.pcap"/);
  });

  it('reads --seed as a whole number within 32 bits, and refuses anything else', () => {
    expect(parseCliArgs(['--seed', '0']).seed).toBe(0);
    expect(parseCliArgs(['--seed', '4294967295']).seed).toBe(4294967295);
    expect(parseCliArgs([]).seed).toBeUndefined();
    for (const bad of ['-1', '1.5', '4294967296', 'abc', ''])
      expect(() => parseCliArgs([`--seed=${bad}`])).toThrow(
        /--seed must be a whole number from 0 to 4294967295/,
      );
  });

  it('takes --only and --skip repeated or comma-separated', () => {
    const { selection } = parseCliArgs([
      '--only',
      'listInstanceTypes,Billing',
      '--only',
      'Storage',
      '--skip',
      'Chat',
    ]);
    expect(selection).toEqual({ only: ['listInstanceTypes', 'Billing', 'Storage'], skip: ['Chat'] });
  });

  it('refuses unknown flags, unknown reporters and a JUnit report without a file', () => {
    expect(() => parseCliArgs(['--base-uri', 'x'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--reporter', 'tap'])).toThrow(
      /--reporter takes default, junit, github \(got "tap"\)/,
    );
    expect(() => parseCliArgs(['--reporter', 'junit'])).toThrow(/--output-file/);
  });
});
