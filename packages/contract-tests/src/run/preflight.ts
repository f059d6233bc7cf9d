import type { ContractSpec, SpecOperation } from '../model/spec.js';
import { createCoverageRecorder } from './coverage.js';
import { createExchangeLog, type Exchange } from './exchange.js';
import { createContractHttp } from './http.js';
import type { Target } from './target.js';

/** The target cannot be checked at all: one sentence naming the address or the key problem. */
export class PreflightError extends Error {
  override name = 'PreflightError';
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
    const exchange = log.take()[0];
    if (!exchange) throw new PreflightError(`pre-flight: no request could be made to ${probe.flag}`);
    seen.push(exchange);
    const where = `${exchange.method} ${exchange.url}`;
    if (exchange.status === 0)
      throw new PreflightError(
        `Cannot reach ${new URL(exchange.url).origin} (${probe.flag}): ${reason(exchange, target)} on ${where}.`,
      );
    if (exchange.status === 401 || exchange.status === 403)
      throw new PreflightError(
        `The API key was refused (${exchange.status} on ${where}): check --api-key or INFERENCE_INFRA_API_KEY (revoked, mistyped, or for another deployment?).`,
      );
    if (exchange.status === 404) throw new PreflightError(`${where} answered 404: ${probe.notFound}`);
  }
  return seen;
}
