import { describe, expect, it } from 'vitest';
import { parseEventStream } from './http.js';

describe('parseEventStream (eventsource-parser, as the fetch client reads streams)', () => {
  const events = ['{"a":1}', '{"b":2}', '[DONE]'];
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['a bare CR', '\r'],
  ])('reads events whose lines end with %s', (_, end) => {
    const text = events.map((data) => `data: ${data}${end}${end}`).join('');
    expect(parseEventStream(text)).toEqual(events);
  });

  it('joins the data lines of one event with a newline and ignores comments and other fields', () => {
    expect(parseEventStream(': ping\nevent: chunk\ndata: one\ndata: two\n\n')).toEqual(['one\ntwo']);
  });
});
