export {
  defaultSpecPath,
  type MockServer,
  type MockServerOptions,
  startMockServer,
} from './startMockServer.js';
