import { fuzzTheBin } from '../test/fuzzTheBin.js';

// The same door with each caller's key in its requests: a key that arrives with every request must never come back.
fuzzTheBin({
  name: 'the MCP server over Streamable HTTP with --auth bearer-passthrough (the built bin)',
  flags: ['--auth', 'bearer-passthrough'],
  bearer: true,
  numRuns: 30,
});
