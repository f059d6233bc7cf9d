export {
  isPrismNotInstalled,
  PrismNotInstalledError,
  prismPackageName,
  prismPackageVersion,
} from './prism/prismPackage.js';
export { type PrismProcess, type StartPrismOptions, startPrism } from './prism/prismProcess.js';
export { createSimulator, type Simulator } from './simulator/createSimulator.js';
export { type Fault, type FaultRule, parseFault, type ScenarioName, scenarios } from './simulator/faults.js';
export type { LedgerEntry } from './simulator/ledger.js';
export { simulatorListener } from './simulator/nodeListener.js';
export {
  defaultVolumes,
  type ListMeta,
  SimulatorOptionError,
  type SimulatorOptions,
} from './simulator/simulatorOptions.js';
export type { RequestRecord, SimulatorState, StoredImage, Workspace } from './simulator/simulatorState.js';
export type {
  SimulatorHandler,
  SimulatorInterceptor,
  SimulatorRequest,
  SimulatorResponse,
} from './simulator/simulatorTypes.js';
export {
  defaultSpecPath,
  type MockEngine,
  type MockServer,
  type MockServerOptions,
  startMockServer,
} from './startMockServer.js';
