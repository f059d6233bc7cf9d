// The matrix's entry for runtimes with a command line (Node, Bun, Deno): `<runtime> cli.mjs <baseUrl> <platformUrl>
// <apiKey>` prints the checks' results as one JSON line. node:process is the one built-in all three provide.
import process from 'node:process';
import { runFetchClientChecks } from './fetchClientChecks.mjs';

const [baseUrl, platformUrl, apiKey] = process.argv.slice(2);
if (!baseUrl || !platformUrl || !apiKey) {
  console.error('Usage: <runtime> cli.mjs <baseUrl> <platformUrl> <apiKey>');
  process.exit(2);
}
console.log(JSON.stringify(await runFetchClientChecks({ baseUrl, platformUrl, apiKey })));
