export { type CallContext, callOperation } from './callOperation.js';
export { connectRedacted } from './connectRedacted.js';
export {
  createMcpServer,
  type InferenceInfraMcpServer,
  McpServerOptionError,
  type McpServerOptions,
} from './createMcpServer.js';
export type { OAuthIssuer } from './issuerKeys.js';
export type { KeyForSubject, OAuthOptions } from './oauthResource.js';
export { type OperationTool, operationTool, operationTools } from './operationTools.js';
export { type Redact, redactorOf } from './redactorOf.js';
export {
  type HttpAuth,
  type HttpEndpoint,
  type HttpOptions,
  isLoopback,
  type SessionContext,
  serveHttp,
} from './serveHttp.js';
export { serveStdio } from './serveStdio.js';
export { toolNameOf } from './toolName.js';
