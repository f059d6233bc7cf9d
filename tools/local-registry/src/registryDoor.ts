import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { hostRefusal, originRefusal, type Refusal } from '@inference-infra/edge';
import { headerValues } from '@inference-infra/edge/node';

/**
 * Why a request is refused before Verdaccio sees it, or undefined: the edge's rules, as every other server of ours
 * applies them. A loopback Host only (against DNS rebinding: a site whose name resolves to 127.0.0.1 sends its own),
 * and no page at all: package managers send neither `Origin` nor `Sec-Fetch-Site`, and the registry serves no page of
 * its own, so a request a browser marks as coming from a page is one a page made.
 */
export function registryRefusal(req: IncomingMessage): Refusal | undefined {
  return (
    hostRefusal(
      headerValues(req, 'host'),
      { option: 'none: the local registry answers its loopback names only' },
      req.socket.localAddress,
    ) ??
    originRefusal(headerValues(req, 'origin'), headerValues(req, 'sec-fetch-site')[0], {
      option: 'none: the local registry serves package managers, not pages',
    })
  );
}

/**
 * Verdaccio's request listener behind the door. Verdaccio answers every request with `Access-Control-Allow-Origin: *`
 * (its `cors()` cannot be turned off); those headers are dropped, so no page may read an answer or send a PUT or a
 * DELETE after a preflight. A refusal is npm's error shape, `{ "error": ... }`.
 */
export function behindRegistryDoor(verdaccio: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const refused = registryRefusal(req);
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ error: refused.message }));
      return;
    }
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => (/^access-control-/i.test(name) ? res : setHeader(name, value));
    verdaccio(req, res);
  };
}
