/**
 * `EventStream` as a value, for code that reads a stream another process passed on: a browser reading its own
 * server's route with `EventStream.fromReadableStream()`. An entry of its own because the main entries load the SSE
 * parser on the first stream only; a value export of the class from them would make every app load it up front.
 */
export { EventStream } from './eventStream.js';
