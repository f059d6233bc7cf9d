export { bodyStream } from './node/bodyStream.js';
export { drainUnread, headerValues, unreadBodyDrainBytes } from './node/incomingFacts.js';
export { requestFacts } from './node/requestFacts.js';
export { staticFileFor } from './node/staticFile.js';
