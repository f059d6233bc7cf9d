import { jsonContentTypeRefusal } from '@inference-infra/edge';
import { matchRoute, type SpecRoute, specPathnameFor, surfaceOfPath } from '../specRoutes.js';
import type { ErrorResponder } from './errorResponses.js';
import {
  compileFaultRules,
  type Fault,
  type FaultRule,
  FaultSyntaxError,
  parseFault,
  simulateHeader,
} from './faults.js';
import { nestsDeeperThan } from './jsonDepth.js';
import { openaiPathHint } from './openaiPathHints.js';
import { imageBytes, imagePathPrefix } from './operations/generateImages.js';
import { operations } from './operations/index.js';
import { readRequestParts } from './requestParts.js';
import { hex } from './seededRandom.js';
import { type ResolvedSimulatorOptions, wellFormedKey } from './simulatorOptions.js';
import type { SimulatorState } from './simulatorState.js';
import type { SimulatorRequest, SimulatorResponse } from './simulatorTypes.js';
import type { createSpecServed } from './specServed.js';

export interface HandlerDependencies {
  routes: readonly SpecRoute[];
  options: ResolvedSimulatorOptions;
  error: ErrorResponder;
  /** The current state (replaced on reset). */
  state: () => SimulatorState;
  reset: () => void;
  newId: (prefix: string) => string;
  /** Answers the operations without a stateful handler from the spec (`specServed.ts`). */
  specServed: ReturnType<typeof createSpecServed>['serve'];
  /** The `error.code` the spec gives an operation's failure status, for faults of operations served from the spec. */
  declaredErrorCode: (operationId: string, status: number) => string | undefined;
}

const bearer = /^Bearer +(\S+)$/i;

function faultAnswer(
  fault: Fault,
  deps: HandlerDependencies,
  requestId: string,
  declaredCode?: string,
): SimulatorResponse | undefined {
  if (fault.status === undefined) return undefined;
  const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : undefined);
  const code =
    declaredCode ??
    (fault.status === 429 ? 'rate_limited' : fault.status === 500 ? 'internal_error' : 'simulated_failure');
  return deps.error(
    fault.status,
    {
      code,
      message: `Simulated failure (X-Simulate status=${fault.status}): nothing was changed.`,
      headers: retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    },
    requestId,
  );
}

/** The simulator's own routes beside the API's: the reset call and the generated images' URLs. */
function controlAnswer(request: SimulatorRequest, deps: HandlerDependencies): SimulatorResponse | undefined {
  const { pathname } = request.url;
  if (!pathname.startsWith('/__simulator/')) return undefined;
  if (pathname === '/__simulator/reset' && request.method === 'POST') {
    deps.reset();
    return { status: 204, headers: {} };
  }
  if (pathname.startsWith(imagePathPrefix) && request.method === 'GET') {
    const image = deps.state().images.get(pathname.slice(imagePathPrefix.length).replace(/\.png$/, ''));
    if (image) {
      return {
        status: 200,
        headers: { 'content-type': 'image/png', 'cache-control': 'no-store' },
        bytes: imageBytes(image),
      };
    }
  }
  return deps.error(
    404,
    {
      code: 'unknown_path',
      message: `No simulator route ${request.method} ${pathname} (known: POST /__simulator/reset, GET ${imagePathPrefix}<id>.png)`,
    },
    request.requestId,
  );
}

/**
 * Why a request is not authorised, as the person who sent it needs to hear it: no header, a header with no key in it
 * (`Bearer` and nothing after: what an unset environment variable in `Bearer $KEY` sends), or a key that is not one.
 */
function unauthorized(authorization: string | undefined) {
  const headers = { 'www-authenticate': 'Bearer' };
  if (authorization === undefined)
    return {
      code: 'missing_api_key',
      message: 'Authorization: missing; send "Authorization: Bearer <API key>".',
      headers,
    };
  if (/^\s*(Bearer\s*)?$/i.test(authorization))
    return {
      code: 'missing_api_key',
      message:
        'Authorization: no API key was sent (the header holds no key after "Bearer"; is the variable that holds it set?); send "Authorization: Bearer <API key>".',
      headers,
    };
  const key = bearer.exec(authorization)?.[1];
  // A key of the right shape is simply not one of the service's: telling its sender what keys look like would send
  // them hunting for a typo in the form, when what they need is another key.
  if (key !== undefined && wellFormedKey.test(key))
    return {
      code: 'invalid_api_key',
      message:
        "Authorization: this API key is not known, or has been deactivated; check it on the dashboard's Keys page.",
      headers,
    };
  return {
    code: 'invalid_api_key',
    message: 'Authorization: the API key is not valid (keys look like <prefix>_live_<random>).',
    headers,
  };
}

/**
 * The conforming handler: the simulator's routes, then routing by the spec, the key, faults, the spec's request
 * checks and finally the operation. Each step answers the spec's error body when it refuses.
 */
export function createConformingHandler(deps: HandlerDependencies) {
  const surface = (request: SimulatorRequest) =>
    request.surface ?? surfaceOfPath(deps.routes, request.url.pathname);
  const rules = compileFaultRules(deps.options.faults as FaultRule[]);
  return (request: SimulatorRequest): SimulatorResponse => {
    const { requestId, url } = request;
    const control = controlAnswer(request, deps);
    if (control) return control;

    const { match, allowedMethods, badParameter } = matchRoute(
      deps.routes,
      surface(request),
      request.method,
      url.pathname,
    );
    if (badParameter) {
      const { field, message } = badParameter;
      return deps.error(400, { code: 'invalid_path_parameter', message, param: field }, requestId);
    }
    if (!match && allowedMethods.length > 0) {
      const allow = allowedMethods.join(', ');
      return deps.error(
        405,
        {
          code: 'method_not_allowed',
          message: `No ${request.method} operation at ${url.pathname}: this path takes ${allow}.`,
          headers: { allow },
        },
        requestId,
      );
    }
    if (!match) {
      return deps.error(
        404,
        {
          code: 'unknown_path',
          message: `No ${request.method} operation at ${url.pathname} on the ${surface(request)} base address.${surface(request) === 'inference' ? openaiPathHint(specPathnameFor(deps.routes, 'inference', url.pathname) ?? '') : ''}`,
        },
        requestId,
      );
    }

    const key = bearer.exec(request.headers.authorization ?? '')?.[1];
    // A deactivated key gets the answer of an unknown one: telling them apart would confirm a key exists.
    const known =
      key !== undefined &&
      wellFormedKey.test(key) &&
      (!deps.options.keys || deps.options.keys.includes(key)) &&
      !deps.options.deactivatedKeys?.includes(key);
    if (!known) return deps.error(401, unauthorized(request.headers.authorization), requestId);

    let fault: Fault = {};
    try {
      const header = request.headers[simulateHeader];
      fault = {
        ...rules.faultFor(match.route.operationId, url.searchParams),
        ...(header ? parseFault(header) : {}),
      };
    } catch (error) {
      if (!(error instanceof FaultSyntaxError)) throw error;
      return deps.error(
        400,
        { code: 'invalid_simulate_header', message: error.message, param: 'X-Simulate' },
        requestId,
      );
    }
    // An operation served from the spec fails as the spec documents that status (its `x-error-code`, else its example's).
    const declaredCode =
      fault.status !== undefined && !operations[match.route.operationId]
        ? deps.declaredErrorCode(match.route.operationId, fault.status)
        : undefined;
    const answer = faultAnswer(fault, deps, requestId, declaredCode) ?? operate(request, match, key, deps);
    return {
      ...answer,
      ...(fault.delayMs ? { delayMs: fault.delayMs } : {}),
      ...(answer.events ? streamFaults(fault, deps, requestId) : {}),
    };
  };
}

/** What the stream faults asked for do to a streamed answer (a refused or JSON answer has no events to fault). */
function streamFaults(
  fault: Fault,
  deps: HandlerDependencies,
  requestId: string,
): Partial<SimulatorResponse> {
  const faults: Partial<SimulatorResponse> = {};
  if (fault.streamCutAfter !== undefined) faults.cutAfterEvents = fault.streamCutAfter;
  if (fault.streamStallAfter !== undefined) {
    faults.stallAfterEvents = fault.streamStallAfter;
    faults.stallMs = fault.streamStallMs ?? 120_000;
  }
  if (fault.streamDripMs !== undefined) faults.eventIntervalMs = fault.streamDripMs;
  if (fault.streamMalformedAfter !== undefined) faults.malformedAfterEvents = fault.streamMalformedAfter;
  if (fault.streamErrorAfter !== undefined) {
    const status = fault.streamErrorStatus ?? 500;
    const { json } = deps.error(
      status,
      {
        code: 'simulated_stream_failure',
        message: `Simulated failure after the stream started (X-Simulate stream-error-after=${fault.streamErrorAfter}).`,
      },
      requestId,
    );
    faults.errorEventAfter = fault.streamErrorAfter;
    faults.errorEvent = JSON.stringify(json);
  }
  return faults;
}

function operate(
  request: SimulatorRequest,
  { route, pathParams }: NonNullable<ReturnType<typeof matchRoute>['match']>,
  key: string,
  deps: HandlerDependencies,
): SimulatorResponse {
  // A body in another type (a form, `text/plain`) is what a page of another site can send without asking (a "simple"
  // request): taking it as JSON would let such a page act. The spec's 415 (assumption unsupported-media-type-415).
  const mediaRefusal =
    route.jsonBody && request.body !== ''
      ? jsonContentTypeRefusal(request.headers['content-type'])
      : undefined;
  if (mediaRefusal) {
    const { code, message, param } = mediaRefusal;
    const advice = `${message}; send "Content-Type: application/json"`;
    return deps.error(415, { code, message: advice, param }, request.requestId);
  }
  const { maxJsonDepth } = deps.options;
  if (route.jsonBody && nestsDeeperThan(request.body, maxJsonDepth)) {
    return deps.error(
      400,
      {
        code: 'body_too_deep',
        message: `body: must nest arrays and objects at most ${maxJsonDepth} levels deep (the simulator's maxJsonDepth, CLI --max-json-depth)`,
        param: 'body',
      },
      request.requestId,
    );
  }
  const read = readRequestParts(route, pathParams, request.url.searchParams, request.body);
  if (!read.ok) {
    const [first] = read.issues;
    return deps.error(
      400,
      {
        code: read.code,
        message: read.issues.map((issue) => issue.message).join('; '),
        param: first?.field || null,
      },
      request.requestId,
    );
  }
  const operation = operations[route.operationId];
  const state = deps.state();
  if (!operation) {
    return deps.specServed({
      operationId: route.operationId,
      parts: read.parts,
      requestId: request.requestId,
      error: deps.error,
      seed: state.seed,
      now: deps.options.now(),
    });
  }
  return operation({
    parts: read.parts,
    workspace: state.workspace(key),
    state,
    options: deps.options,
    requestId: request.requestId,
    url: request.url,
    error: deps.error,
    newId: deps.newId,
  });
}

/** Ids unique within one simulator: a tag of the seed and a counter, so a seeded run repeats them exactly. */
export function idGenerator(seed: number) {
  let counter = 0;
  const tag = hex(Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1), 8);
  return (prefix: string) => {
    counter += 1;
    return `${prefix}${tag}${hex(counter, 8)}`;
  };
}
