import { describe, expect, it } from 'vitest';
import { fieldName, getAt, propertyPointer, removed, setAt } from './jsonPath.js';

describe('fieldName', () => {
  it('writes a path as a reader does: dots between names, brackets round indexes', () => {
    expect(fieldName(['limit'])).toBe('limit');
    expect(fieldName(['messages', 0, 'role'])).toBe('messages[0].role');
    expect(fieldName(['messages', 0, 'content', 1, 'type'])).toBe('messages[0].content[1].type');
  });
});

describe('getAt', () => {
  const body = { messages: [{ role: 'user' }], stream: false };

  it('answers the value at a path through objects and arrays', () => {
    expect(getAt(body, ['messages', 0, 'role'])).toBe('user');
    expect(getAt(body, ['stream'])).toBe(false);
    expect(getAt(body, [])).toBe(body);
  });

  it('answers undefined past a missing field or a scalar, rather than throwing', () => {
    expect(getAt(body, ['messages', 3, 'role'])).toBeUndefined();
    expect(getAt(body, ['stream', 'x'])).toBeUndefined();
    expect(getAt(undefined, ['a'])).toBeUndefined();
  });
});

describe('setAt', () => {
  it('answers a copy with the value replaced, leaving the original as it was', () => {
    const body = { messages: [{ role: 'user', content: 'hi' }] };
    const changed = setAt(body, ['messages', 0, 'role'], 'tool');
    expect(changed).toEqual({ messages: [{ role: 'tool', content: 'hi' }] });
    expect(body.messages[0]?.role).toBe('user');
  });

  it('creates missing parents: an array before an index, an object before a name', () => {
    expect(setAt({}, ['stop', 0], 'x')).toEqual({ stop: ['x'] });
    expect(setAt({}, ['stream_options', 'include_usage'], true)).toEqual({
      stream_options: { include_usage: true },
    });
    expect(setAt(undefined, ['a'], 1)).toEqual({ a: 1 });
  });

  it('removes the field when given removed, so a required field can be left out', () => {
    const changed = setAt({ model: 'm', input: 'x' }, ['input'], removed);
    expect(changed).toEqual({ model: 'm' });
    expect(Object.keys(changed as object)).toEqual(['model']);
  });
});

describe('propertyPointer', () => {
  it('appends the property under properties, escaping ~ and / as pointer tokens', () => {
    expect(propertyPointer('#/components/schemas/Chat', 'messages')).toBe(
      '#/components/schemas/Chat/properties/messages',
    );
    expect(propertyPointer('#/s', 'a/b~c')).toBe('#/s/properties/a~1b~0c');
  });
});
