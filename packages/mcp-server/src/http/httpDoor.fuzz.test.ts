import { fuzzTheBin } from '../test/fuzzTheBin.js';

fuzzTheBin({ name: 'the MCP server over Streamable HTTP (the built bin)' });
