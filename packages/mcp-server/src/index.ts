export { type CallContext, callOperation } from './tools/callOperation.js';
export { connectRedacted } from './shared/connectRedacted.js';
export {
  createMcpServer,
  type InferenceInfraMcpServer,
  McpServerOptionError,
  type McpServerOptions,
} from './server/createMcpServer.js';
export type { OAuthIssuer } from './auth/issuerKeys.js';
export type { KeyForSubject, OAuthOptions } from './auth/oauthResource.js';
export { type OperationTool, operationTool, operationTools } from './tools/operationTools.js';
export { type Redact, redactorOf } from './shared/redaction.js';
export {
  type HttpAuth,
  type HttpEndpoint,
  type HttpOptions,
  isLoopback,
  type SessionContext,
  serveHttp,
} from './http/serveHttp.js';
export { serveStdio } from './stdio/serveStdio.js';
export { toolNameOf } from './tools/toolName.js';
