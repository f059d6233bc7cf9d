import { describeBrowserScenario } from '../test/browserScenario.js';

// Angular's usual builders compile ahead of time (the Angular CLI, or Analog's Vite plugin); this app is compiled
// just in time in the page instead, so plain Vite builds it, its decorators per its own tsconfig.json.
describeBrowserScenario('angular', () => [], 'no plugin: Angular compiles it in the page');
