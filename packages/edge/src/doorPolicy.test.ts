import { describe, expect, it } from 'vitest';
import { jsonContentTypeRefusal } from './bodyLimits.js';
import { hostRefusal } from './hostPolicy.js';
import { originRefusal } from './originPolicy.js';

const loopbackOnly = { option: 'allowedHosts' };

describe('hostRefusal', () => {
  it('takes one loopback Host, with or without a port, arriving on loopback', () => {
    for (const host of ['127.0.0.1:4010', 'localhost', 'LOCALHOST:1', '[::1]:80', '127.9.9.9'])
      expect(hostRefusal([host], loopbackOnly, '127.0.0.1'), host).toBeUndefined();
  });

  it('refuses two Hosts, a missing or malformed one, another name, and loopback names arriving from outside', () => {
    expect(hostRefusal(['127.0.0.1', 'evil.example'], loopbackOnly)).toMatchObject({
      status: 400,
      param: 'Host',
      message: expect.stringContaining('sent 2 times'),
    });
    expect(hostRefusal([], loopbackOnly)).toMatchObject({ status: 400, code: 'malformed_host' });
    for (const host of ['a b', 'x/y', 'u@h', '127.0.0.1, evil.example', 'h:99999', ''])
      expect(hostRefusal([host], loopbackOnly), host).toMatchObject({ status: 400 });
    expect(hostRefusal(['evil.example'], loopbackOnly)).toMatchObject({
      status: 403,
      code: 'host_not_allowed',
      message: expect.stringContaining('allowedHosts'),
    });
    expect(hostRefusal(['localhost'], loopbackOnly, '10.0.0.5')).toMatchObject({ status: 403 });
  });

  it('takes the names an app lists, by name or name and port', () => {
    const policy = { allowedHosts: ['app.example', 'api.example:8443'], option: 'allowedHosts' };
    expect(hostRefusal(['APP.example:3000'], policy)).toBeUndefined();
    expect(hostRefusal(['api.example:8443'], policy)).toBeUndefined();
    expect(hostRefusal(['api.example:9000'], policy)).toMatchObject({ status: 403 });
  });
});

describe('originRefusal', () => {
  const self = { selfOrigin: 'http://127.0.0.1:4013', option: '--allow-origin' };

  it('takes the server’s own pages and non-browser clients, and compares ports', () => {
    expect(originRefusal(['http://127.0.0.1:4013'], 'same-origin', self)).toBeUndefined();
    expect(originRefusal([], undefined, self)).toBeUndefined();
    expect(originRefusal([], 'none', self)).toBeUndefined();
    expect(originRefusal(['http://127.0.0.1:6274'], 'same-site', self)).toMatchObject({
      status: 403,
      param: 'Origin',
      message: expect.stringContaining('--allow-origin'),
    });
  });

  it('refuses other sites with or without Origin, two Origins, and takes listed ones', () => {
    expect(originRefusal([], 'cross-site', self)).toMatchObject({ status: 403 });
    expect(originRefusal([], 'same-site', self)).toMatchObject({ status: 403 });
    expect(originRefusal(['null'], 'cross-site', self)).toMatchObject({ status: 403 });
    expect(originRefusal(['http://127.0.0.1:4013', 'http://evil.example'], undefined, self)).toMatchObject({
      status: 400,
    });
    expect(
      originRefusal(['https://app.example'], 'cross-site', {
        ...self,
        allowedOrigins: ['https://app.example'],
      }),
    ).toBeUndefined();
  });

  it('takes any loopback port where the server says so (the simulator), never another site', () => {
    const simulator = { anyLoopbackOrigin: true, option: 'allowedOrigins' };
    expect(originRefusal(['http://localhost:5173'], 'same-site', simulator)).toBeUndefined();
    expect(originRefusal([], 'same-site', simulator)).toBeUndefined();
    expect(originRefusal(['http://127.0.0.1.evil.example'], 'cross-site', simulator)).toMatchObject({
      status: 403,
    });
    expect(originRefusal([], 'cross-site', simulator)).toMatchObject({ status: 403 });
  });
});

describe('jsonContentTypeRefusal', () => {
  it('takes JSON in UTF-8 and refuses other types and charsets with 415, naming the header', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/merge-patch+json;charset="UTF8"',
    ])
      expect(jsonContentTypeRefusal(type), type).toBeUndefined();
    for (const type of [
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/json;charset=latin1',
    ])
      expect(jsonContentTypeRefusal(type), String(type)).toMatchObject({
        status: 415,
        param: 'Content-Type',
      });
  });
});
