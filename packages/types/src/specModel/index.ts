/**
 * The one model of the bundled spec: its operations with method, path, operationId, base address, state-changing
 * flag, parameters, bodies and responses, every `$ref` resolved with the pointer it ends at. The generators of this
 * toolkit, its mock and simulator and its contract suite read the spec through it; so can a partner's tooling.
 */
export { errorStatusTypes, errorTypeStatuses } from './errorTypes.js';
export {
  type Framework,
  type FrameworkNames,
  frameworkNamesOf,
  frameworks,
} from './frameworkNames.js';
export {
  escapePointerToken,
  type JsonObject,
  pointerOf,
  type Resolved,
  resolvePointer,
  valueAt,
} from './jsonPointer.js';
export { derivedSdkNames, type SdkNameInputs, type SdkNames, sdkNamesOf } from './sdkNames.js';
export {
  type HttpMethod,
  httpMethods,
  type JsonSchema,
  jsonRequestBody,
  type SpecHeader,
  type SpecMediaType,
  type SpecModel,
  type SpecOperation,
  type SpecParameter,
  type SpecResponse,
  type SpecServer,
  type Surface,
  schemaAsWritten,
  specModelOf,
  surfaceOfServerUrl,
} from './specModel.js';
