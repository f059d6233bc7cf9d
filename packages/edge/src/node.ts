export { bodyStream } from './node/bodyStream.js';
export { drainUnread, headerValues, unreadBodyDrainBytes } from './node/incomingFacts.js';
export { staticFileFor } from './node/staticFile.js';
