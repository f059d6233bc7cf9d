// Part of `pnpm build`: ships the bundled spec in dist/ for the `./openapi.json` and `./openapi.yaml` exports.
// The build compiles the committed src/*.gen.ts and does not rewrite them: if it did, a spec change without a
// regeneration would be papered over in CI instead of failing the drift test (src/generatedFiles.test.ts).
import { copySpecBundle } from './specBundle.js';

copySpecBundle(new URL('../', import.meta.url));
