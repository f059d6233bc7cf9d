export type { OAuthIssuer } from './auth/issuerKeys.js';
export type { KeyForSubject, OAuthOptions } from './auth/oauthResource.js';
export {
  type HttpAuth,
  type HttpEndpoint,
  type HttpOptions,
  isLoopback,
  type SessionContext,
  serveHttp,
} from './http/serveHttp.js';
export {
  createMcpServer,
  type InferenceInfraMcpServer,
  McpServerOptionError,
  type McpServerOptions,
} from './server/createMcpServer.js';
export { connectRedacted, type Redact, redactorOf } from './shared/redaction.js';
export { serveStdio } from './stdio/serveStdio.js';
export { type CallContext, callOperation } from './tools/callOperation.js';
export { type OperationTool, operationTool, operationTools, toolNameOf } from './tools/operationTools.js';
