import { keyAsSent } from '@inference-infra/edge';
import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { createCoverageRecorder } from './coverage.js';
import { createExchangeLog, type Exchange } from './exchange.js';
import { createContractHttp } from './http.js';
import type { Target } from './target.js';
import { currentSizeIn, json } from './volumeSizeHint.js';

/** The target cannot be checked at all: one sentence naming the address or the key problem. */
export class PreflightError extends Error {
  override name = 'PreflightError';
  constructor(
    message: string,
    /** The pre-flight's exchanges up to the one that ended it, for the reports that list every request. */
    readonly exchanges: Exchange[] = [],
  ) {
    super(message);
  }
}

/**
 * What fetch can send in a header value once it has trimmed the ends: tab, space, visible ASCII and the rest of
 * Latin-1. Anything else (a line break inside a key pasted over two lines, say) makes fetch throw an error quoting the
 * whole header, key included, so the key is refused here first, without a request and without repeating it.
 */
function sendableAsHeader(key: string): boolean {
  return !/[^\t\x20-\x7e\x80-\xff]/.test(keyAsSent(key));
}

function reason(exchange: Exchange, target: Target): string {
  switch (exchange.error) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'timed out':
      return `no answer came within ${target.requestTimeoutMs} ms (--request-timeout)`;
    default:
      return exchange.error ?? 'no answer';
  }
}

interface Probe {
  op: SpecOperation;
  flag: string;
  body?: unknown;
  /** What a 404 most likely means for this address. */
  notFound: string;
}

/**
 * One cheap authenticated request per base address before any check, so a wrong address or a refused key ends the
 * run with one sentence instead of hundreds of failures. The platform gets `GET /api/v1/instances/types` (a read).
 * The inference API has no read, so it gets an embeddings request without `model` or `input`: the spec refuses that
 * with 400 before any work, so nothing is billed, and a refused key still shows as 401.
 */
export async function preflight(spec: ContractSpec, target: Target): Promise<Exchange[]> {
  if (!sendableAsHeader(target.apiKey))
    throw new PreflightError(
      'The API key cannot be sent: it holds a line break or another character no HTTP header can carry (the key is not shown): check --api-key or INFERENCE_INFRA_API_KEY (a secret pasted over two lines?).',
    );
  const log = createExchangeLog();
  const http = createContractHttp(target, createCoverageRecorder(), log);
  const probes: Probe[] = [
    {
      op: spec.operation('listInstanceTypes'),
      flag: '--platform-url',
      notFound: 'is --platform-url the platform base address, without /api/v1?',
    },
    {
      op: spec.operation('createEmbeddings'),
      flag: '--base-url',
      body: {},
      notFound: 'is --base-url the inference base address, /v1 included?',
    },
  ];
  const seen: Exchange[] = [];
  for (const probe of probes) {
    await http
      .send({ op: probe.op, ...(probe.body === undefined ? {} : { body: probe.body }) })
      .catch(() => {});
    // The last exchange is the answer: those before it are 429s the transport waited out.
    const taken = log.take();
    const exchange = taken.at(-1);
    if (!exchange) throw new PreflightError(`pre-flight: no request could be made to ${probe.flag}`, seen);
    seen.push(...taken);
    const where = `${exchange.method} ${exchange.url}`;
    if (exchange.status === 0)
      throw new PreflightError(
        `Cannot reach ${new URL(exchange.url).origin} (${probe.flag}): ${reason(exchange, target)} on ${where}.`,
        seen,
      );
    if (exchange.status === 401 || exchange.status === 403)
      throw new PreflightError(
        `The API key was refused (${exchange.status} on ${where}): check --api-key or INFERENCE_INFRA_API_KEY (revoked, mistyped, or for another deployment?).`,
        seen,
      );
    if (exchange.status === 404) throw new PreflightError(`${where} answered 404: ${probe.notFound}`, seen);
    // A redirect (plain http to https, an old host): the suite follows none, so every check would fail with it.
    if (exchange.status >= 300 && exchange.status < 400) {
      const location = exchange.responseHeaders.find(([name]) => name.toLowerCase() === 'location')?.[1];
      throw new PreflightError(
        `${where} answered ${exchange.status}, a redirect${location ? ` to ${location}` : ''}: the suite follows no redirect, so give ${probe.flag} the address that answers.`,
        seen,
      );
    }
    // An answer whose body broke off or ran past the cap: every check would fail the same way.
    if (exchange.error !== undefined)
      throw new PreflightError(
        `${where} answered ${exchange.status}, but reading its body failed: ${exchange.error === 'timed out' ? `it did not end within ${target.requestTimeoutMs} ms (--request-timeout)` : exchange.error}.`,
        seen,
      );
  }
  if (target.allowMutations && target.volumeId !== undefined) {
    const exchange = await probeVolume(spec, target, http, log);
    if (exchange) {
      seen.push(exchange);
      // The size the server says the volume has now is the one the resize checks start from: --volume-size is only
      // a hint, stale as soon as anything (an earlier run) grew the volume.
      const current =
        exchange.status === 409 ? currentSizeIn(json(exchange.responseBody), smallestSize(spec)) : undefined;
      if (current !== undefined) target.volumeSizeGb = current;
      if (exchange.status === 404)
        throw new PreflightError(
          `--volume-id ${target.volumeId} does not exist for this key (${exchange.method} ${exchange.url} answered 404): give the id of a volume of this key's workspace.`,
          seen,
        );
    }
  }
  return seen;
}

/** The smallest `size_gb` the spec allows: no volume is smaller, so a resize to it grows nothing. */
function smallestSize(spec: ContractSpec): number {
  const bounds = spec.resolve('#/components/schemas/ResizeVolumeRequest/properties/size_gb').value;
  return typeof bounds.minimum === 'number' ? bounds.minimum : 10;
}

/**
 * Whether `--volume-id` names a volume, and how large it is, at no cost: a resize to the smallest size the spec
 * allows is refused with 409 by a server that has the volume (no volume is smaller than the minimum), an answer that
 * names its current size, and with 404 by one that has not. Never the size `--volume-size` gives: a stale one larger
 * than the volume would grow it. Sent only when mutations are allowed,
 * as the resize checks send the same request anyway. Any answer but 404 is left to the checks to judge.
 */
async function probeVolume(
  spec: ContractSpec,
  target: Target,
  http: ReturnType<typeof createContractHttp>,
  log: ReturnType<typeof createExchangeLog>,
): Promise<Exchange | undefined> {
  const op = spec.operation('resizeVolume');
  const size = smallestSize(spec);
  await http.send({ op, pathParams: { id: target.volumeId ?? '' }, body: { size_gb: size } }).catch(() => {});
  return log.take()[0];
}
