export { type MockServer, type MockServerOptions, startMockServer, defaultSpecPath } from './startMockServer.js';
