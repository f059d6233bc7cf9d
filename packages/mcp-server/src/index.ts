export { type CallContext, callOperation } from './callOperation.js';
export { connectRedacted } from './connectRedacted.js';
export {
  createMcpServer,
  type InferenceInfraMcpServer,
  McpServerOptionError,
  type McpServerOptions,
} from './createMcpServer.js';
export { type OperationTool, operationTool, operationTools } from './operationTools.js';
export { type Redact, redactorOf } from './redactorOf.js';
export { type HttpEndpoint, type HttpOptions, isLoopback, serveHttp } from './serveHttp.js';
export { serveStdio } from './serveStdio.js';
export { toolNameOf } from './toolName.js';
