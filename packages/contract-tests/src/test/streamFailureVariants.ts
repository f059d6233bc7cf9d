import type { FaultRule, SimulatorInterceptor } from '@inference-infra/mock-server';
import { type Json, onAnswer } from './mutants.js';

/**
 * A simulator whose chat streams fail mid-way, one way or another: `faults` make it fail (the simulator's own fault
 * rules), `wrap` breaks how (one promise of the failure at a time). `conforms` says whether the failure is the spec's,
 * so the check of how a stream fails must pass it; otherwise that check alone must fail it.
 */
export interface StreamFailureVariant {
  name: string;
  faults: FaultRule[];
  wrap?: SimulatorInterceptor;
  conforms: boolean;
}

const errorAfter = (n: number, more = ''): FaultRule[] => [
  { operationId: 'createChatCompletion', simulate: `stream-error-after=${n}${more}` },
];

/** Edits the error event's frame as written (`data: <errorEvent>\n\n`): text after it becomes events of its own. */
const onErrorEvent = (edit: (errorEvent: string, events: string[]) => string): SimulatorInterceptor =>
  onAnswer('createChatCompletion', 200, (res) =>
    res.errorEvent === undefined ? res : { ...res, errorEvent: edit(res.errorEvent, res.events ?? []) },
  );

export const streamFailureVariants: StreamFailureVariant[] = [
  { name: 'fails after two chunks with the error event of a 500', faults: errorAfter(2), conforms: true },
  {
    name: 'fails before its first chunk with the error event of a 429',
    faults: errorAfter(0, ';stream-error-status=429'),
    conforms: true,
  },
  {
    name: 'sends data: [DONE] after the error event',
    faults: errorAfter(2),
    wrap: onErrorEvent((event) => `${event}\n\ndata: [DONE]`),
    conforms: false,
  },
  {
    name: 'goes on with chunks after the error event',
    faults: errorAfter(1),
    wrap: onErrorEvent((event, events) => `${event}\n\ndata: ${events[1]}`),
    conforms: false,
  },
  {
    name: 'sends an error event without error.message',
    faults: errorAfter(2),
    wrap: onErrorEvent((event) => {
      const body = JSON.parse(event) as Json;
      delete body.error.message;
      return JSON.stringify(body);
    }),
    conforms: false,
  },
  {
    name: 'sends a chunk without its id before the error event',
    faults: errorAfter(2),
    wrap: onAnswer('createChatCompletion', 200, (res) => {
      if (!res.events?.[0]) return res;
      const first = JSON.parse(res.events[0]) as Json;
      delete first.id;
      return { ...res, events: [JSON.stringify(first), ...res.events.slice(1)] };
    }),
    conforms: false,
  },
  {
    name: 'cuts the stream after two chunks without an error event',
    faults: [{ operationId: 'createChatCompletion', simulate: 'stream-cut-after=2' }],
    conforms: false,
  },
  {
    name: 'sends a frame that is not JSON after two chunks and ends',
    faults: [{ operationId: 'createChatCompletion', simulate: 'stream-malformed-after=2' }],
    conforms: false,
  },
];
