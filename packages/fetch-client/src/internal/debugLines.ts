/**
 * The debug lines of an attempt: what was sent and what came back, bodies included; the log redacts the key and
 * the credentials of both sides from all of it. Loaded with the first debug line: a client that never logs at debug
 * does not ship them.
 */
import type { Log } from './logger.js';

export async function logRequest(callLog: Log, request: Request, where: string) {
  const body = request.body ? await request.clone().text() : undefined;
  callLog('debug', `→ ${where}`, { headers: Object.fromEntries(request.headers), body });
}

export async function logResponse(callLog: Log, response: Response, where: string, attemptStarted: number) {
  const line = `← ${where}: ${response.status} in ${Date.now() - attemptStarted} ms`;
  const headers = Object.fromEntries(response.headers);
  // A stream's body is its reader's. A JSON body is read from a copy, within the attempt's timeout, before the
  // answer goes on: so its line comes before the call's, and a body that never ends times out as it would unlogged.
  const body =
    !response.body || headers['content-type']?.includes('event-stream')
      ? undefined
      : await response
          .clone()
          .text()
          .catch(() => '(not read: the answer failed)');
  // A cookie the server sets is a credential too.
  callLog.withCredentialsOf(response.headers)('debug', line, { headers, body });
}
