export { type PrismProcess, type StartPrismOptions, startPrism } from './prismProcess.js';
export {
  defaultSpecPath,
  type MockServer,
  type MockServerOptions,
  startMockServer,
} from './startMockServer.js';
