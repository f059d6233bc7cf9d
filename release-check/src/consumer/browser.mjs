// The matrix's entry for the browser: the page's query string gives the mock's addresses; the results are put on
// the page as JSON (in <pre id="results">) for the test to read.
import { runFetchClientChecks } from './fetchClientChecks.mjs';

const query = new URLSearchParams(location.search);
const output = document.getElementById('results');
runFetchClientChecks({
  baseUrl: query.get('baseUrl') ?? '',
  platformUrl: query.get('platformUrl') ?? '',
  apiKey: query.get('apiKey') ?? '',
}).then(
  (results) => {
    output.textContent = JSON.stringify(results);
  },
  (error) => {
    output.textContent = JSON.stringify({ failed: String(error) });
  },
);
