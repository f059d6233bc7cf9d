import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand } from './curlCommand.js';

const key = 'ii_live_secret123';

describe('curlCommand', () => {
  const command = curlCommand(
    {
      method: 'PATCH',
      url: 'http://127.0.0.1:4011/api/v1/storage/vol_1',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ size_gb: 9, note: "it's", echo: key }),
    },
    key,
  );

  it('never writes the key, only the variable, in double quotes so the shell expands it', () => {
    expect(command).not.toContain(key);
    expect(command).toContain('"authorization: Bearer $' + '{INFERENCE_INFRA_API_KEY}"');
  });

  it('redacts a deactivated key given beside the key wherever it stands', () => {
    const deactivated = 'ii_live_7c1e94d2a0b8f356';
    const withIt = curlCommand(
      {
        method: 'GET',
        url: `http://127.0.0.1:4011/api/v1/instances/types?echo=${deactivated}`,
        headers: { authorization: `Bearer ${deactivated}` },
      },
      key,
      [deactivated],
    );
    expect(withIt).not.toContain(deactivated.slice(8, 16));
    expect(withIt).toContain('authorization: Bearer [redacted]');
  });

  it('is a command the shell reads back into the same request (quotes survive)', () => {
    // printf prints each argument as the shell split it; the key variable expands to the real key.
    const argv = execFileSync('bash', ['-c', command.replace(/^curl /, 'printf "%s\\n" ')], {
      env: { ...process.env, INFERENCE_INFRA_API_KEY: key },
      encoding: 'utf8',
    }).split('\n');
    expect(argv).toContain(`authorization: Bearer ${key}`);
    expect(argv).toContain(JSON.stringify({ size_gb: 9, note: "it's", echo: key }));
    expect(argv).toContain('http://127.0.0.1:4011/api/v1/storage/vol_1');
  });

  it('pastes and runs as sent when the key is in the URL, and when it is one character off (the wrong-key check)', () => {
    const request = {
      method: 'GET',
      url: `http://127.0.0.1:4011/api/v1/instances/types?note=${key}&q="$HOME"`,
      headers: { authorization: `Bearer ${key.slice(0, -1)}x`, 'x-quote': 'a "b" `c` \\d $e' },
    };
    const shown = curlCommand(request, key);
    expect(shown).not.toContain(key);
    expect(shown).not.toContain('[redacted]');
    const argv = execFileSync('bash', ['-c', shown.replace(/^curl /, 'printf "%s\\n" ')], {
      env: { ...process.env, INFERENCE_INFRA_API_KEY: key },
      encoding: 'utf8',
    }).split('\n');
    expect(argv).toContain(`authorization: Bearer ${key.slice(0, -1)}x`);
    expect(argv).toContain(request.url);
    expect(argv).toContain('x-quote: a "b" `c` \\d $e');
  });
});
