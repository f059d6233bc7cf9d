import { describe, expect, it } from 'vitest';
import { readCappedBody, utf8Text } from './bodyLimits.js';
import { isRefusal } from './refusal.js';

const limits = {
  maxBytes: 10,
  deadlineMs: 200,
  options: { maxBytes: 'maxBodyBytes', deadlineMs: 'bodyTimeoutMs' },
};

/** A body that sends `chunks` and then, when `hang`, never ends; it says when it was cancelled. */
function body(chunks: string[], hang = false) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (!hang) controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('readCappedBody', () => {
  it('reads a body up to the cap', async () => {
    const bytes = await readCappedBody(body(['{"a":', '1}']).stream, null, limits);
    expect(new TextDecoder().decode(bytes as Uint8Array)).toBe('{"a":1}');
    expect(await readCappedBody(null, null, limits)).toEqual(new Uint8Array(0));
  });

  it('refuses a declared or streamed larger body with 413 naming the option, and stops reading it', async () => {
    const declared = body(['x']);
    expect(await readCappedBody(declared.stream, '11', limits)).toMatchObject({
      status: 413,
      message: expect.stringContaining('maxBodyBytes'),
    });
    expect(declared.state.cancelled).toBe(true);
    const streamed = body(['123456', '789012'], true);
    expect(await readCappedBody(streamed.stream, null, limits)).toMatchObject({ status: 413, param: 'body' });
    expect(streamed.state.cancelled).toBe(true);
  });

  it('refuses a body that does not arrive by its deadline with 408 naming the option', async () => {
    const slow = body(['12'], true);
    expect(await readCappedBody(slow.stream, null, limits)).toMatchObject({
      status: 408,
      message: expect.stringContaining('bodyTimeoutMs'),
    });
    expect(slow.state.cancelled).toBe(true);
  });

  it('refuses a body cut off by its sender with 400', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.error(new Error('aborted')),
    });
    expect(await readCappedBody(broken, null, limits)).toMatchObject({
      status: 400,
      code: 'body_unreadable',
    });
  });
});

describe('utf8Text', () => {
  it('decodes UTF-8 and refuses other bytes rather than guessing', () => {
    expect(utf8Text(new TextEncoder().encode('héllo'))).toBe('héllo');
    expect(isRefusal(utf8Text(new Uint8Array([0xff, 0xfe, 0x68, 0x00])))).toBe(true);
  });
});
