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
      reporter: 'junit',
      outputFile: 'report.xml',
    });
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
    expect(() => parseCliArgs(['--reporter', 'tap'])).toThrow(/default or junit/);
    expect(() => parseCliArgs(['--reporter', 'junit'])).toThrow(/--output-file/);
  });
});
