import type { SimulatorResponse } from '@inference-infra/mock-server';
import type { BehaviourMutant } from './mutants.js';
import { type Json, volumeOf } from './mutants.js';

/**
 * How long a mutant below holds each answer of the operation it breaks: the window in which another request of the
 * lot is "in flight" beside it. Only the sequence properties send requests while others are in flight (every other
 * check waits for each answer), so only they meet what these mutants break.
 */
const windowMs = 15;

/**
 * The window of the mutant that crosses answers: it needs two reads of one path with other queries to meet in it, and
 * over loopback HTTP on a busy machine requests sent together reach the server tens of milliseconds apart.
 */
const wideWindowMs = 30;

/**
 * Requests between their arrival and their answer, as a server that keeps shared state across requests in flight
 * sees them. Each closes its window by a timer started before the answer's own delay of the same length, so it is
 * closed before its answer leaves: a request sent after an answer arrived never finds it open.
 */
function inFlightWindow(ms = windowMs) {
  let open = 0;
  return {
    get busy() {
      return open > 0;
    },
    enter() {
      open += 1;
      setTimeout(() => {
        open -= 1;
      }, ms);
    },
  };
}

const held = (response: SimulatorResponse, ms = windowMs): SimulatorResponse => ({
  ...response,
  delayMs: ms,
});

/** The request id of the first request in flight, handed to every one that arrives while it is (a shared variable). */
function requestIdSharedInFlight(): BehaviourMutant['wrap'] {
  const window = inFlightWindow();
  let shared = '';
  return (next) => (req) => {
    if (req.operationId !== 'listInstanceTypes') return next(req);
    const reused = window.busy ? shared : undefined;
    window.enter();
    if (reused === undefined) shared = req.requestId;
    const res = held(next(req));
    if (reused === undefined) return res;
    const json = structuredClone(res.json) as Json;
    if (json?.meta) json.meta.requestId = reused;
    if (json?.error) json.error.requestId = reused;
    return { ...res, json, headers: { ...res.headers, 'x-request-id': reused } };
  };
}

/** Requests in flight to the same path get the first one's answer, whatever their query (coalesced by path). */
function coalescedByPath(): BehaviourMutant['wrap'] {
  const window = inFlightWindow(wideWindowMs);
  let first: SimulatorResponse | undefined;
  return (next) => (req) => {
    if (req.operationId !== 'listInstanceTypes') return next(req);
    const res = held(next(req), wideWindowMs);
    const coalesced = window.busy && first?.status === 200 && res.status === 200 ? first : undefined;
    window.enter();
    if (!coalesced) {
      first = res;
      return res;
    }
    // Its own request id: only the data is another's, so the request-id checks do not see it.
    const json = structuredClone(coalesced.json) as Json;
    json.meta.requestId = req.requestId;
    return { ...res, json };
  };
}

/** A resize checked against the size before the resizes in flight, the last write winning: an update lost. */
function lostUpdates(): BehaviourMutant['wrap'] {
  const window = inFlightWindow();
  let sizeBefore = 0;
  return (next, state) => (req) => {
    const volume = req.operationId === 'resizeVolume' ? volumeOf(state, req) : undefined;
    if (!volume) return next(req);
    if (!window.busy) sizeBefore = volume.sizeGb;
    window.enter();
    const current = volume.sizeGb;
    volume.sizeGb = sizeBefore;
    const res = next(req);
    if (res.status !== 200) volume.sizeGb = current;
    return held(res);
  };
}

/** Lists read while a resize is in flight come from a cache being rebuilt: out of order, `hasMore` from before. */
function listsInconsistentDuringWrites(): BehaviourMutant['wrap'] {
  const writes = inFlightWindow();
  return (next) => (req) => {
    if (req.operationId === 'resizeVolume') {
      writes.enter();
      return held(next(req));
    }
    const res = next(req);
    if (!writes.busy || res.status !== 200) return res;
    if (req.operationId === 'listInstanceTypes') {
      const json = structuredClone(res.json) as Json;
      json.data.sort((a: Json, b: Json) => b.hourly_rate - a.hourly_rate);
      return { ...res, json };
    }
    if (req.operationId === 'listBillingTransactions') {
      const json = structuredClone(res.json) as Json;
      if (typeof json.meta.hasMore === 'boolean') json.meta.hasMore = !json.meta.hasMore;
      return { ...res, json };
    }
    return res;
  };
}

const inFlightReads = /answers many requests in flight at once each as it answers it alone/;
const racingResizes = /answers resizes of one volume in flight at once as some order of them/;

/** Mutants that break a promise only under concurrency: only the sequence properties send requests in flight at once. */
export const sequenceMutants: BehaviourMutant[] = [
  {
    name: 'gives a request that arrives while another is in flight that one’s X-Request-Id',
    class: 'properties over sequences',
    operations: ['listInstanceTypes'],
    killedBy: inFlightReads,
    wrap: requestIdSharedInFlight(),
  },
  {
    name: 'answers instance-type requests in flight at once with the first one’s data, whatever their filters',
    class: 'properties over sequences',
    operations: ['listInstanceTypes'],
    killedBy: inFlightReads,
    wrap: coalescedByPath(),
  },
  {
    name: 'checks a resize against the size before the resizes in flight, the last write winning (a lost update)',
    class: 'properties over sequences',
    operations: ['resizeVolume'],
    killedBy: racingResizes,
    wrap: lostUpdates(),
  },
  {
    name: 'answers lists read while a resize is in flight out of order, meta.hasMore inverted',
    class: 'properties over sequences',
    operations: ['resizeVolume'],
    killedBy: racingResizes,
    wrap: listsInconsistentDuringWrites(),
  },
];
