import type { IncomingMessage } from 'node:http';
import type { RequestFacts } from '../door.js';
import { headerValues } from './incomingFacts.js';

/**
 * What a `node:http` request says at the door, for `admitRequest`: the target as it arrived (never parsed), every
 * `Host` and `Origin` it sent (`req.headers` keeps only the first), its HTTP version and the address it arrived on.
 */
export function requestFacts(req: IncomingMessage): RequestFacts {
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '',
    hosts: headerValues(req, 'host'),
    httpVersion: req.httpVersion,
    localAddress: req.socket.localAddress,
    origins: headerValues(req, 'origin'),
    secFetchSite: headerValues(req, 'sec-fetch-site')[0],
    contentLength: req.headers['content-length'],
    transferEncoding: req.headers['transfer-encoding'],
  };
}
