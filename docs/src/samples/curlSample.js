import { requestUrl } from '../specOperations.js';

/** The shell variable every shell sample reads the key from, so a key is never pasted into a command history. */
export const keyVariable = 'INFERENCE_INFRA_API_KEY';

/**
 * Where a sample's key comes from, in the words every sample uses: a reader's own key, or the demo key of the local
 * mock that `scripts/start.sh` serves (the one key it takes; `localMockDemoKey` of scalarPage.js, which the console
 * starts with).
 */
export const keySource = "your API key (the dashboard's Keys page), or ii_live_mock for the local mock";

/**
 * Quotes a word for a POSIX shell: single quotes, each `'` inside written as `'\''`.
 * @param {string} word
 */
export function shellQuote(word) {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * A curl command for one request. `--fail-with-body` makes a failure status a failing exit code that still prints
 * the error body; `-N` shows a stream's events as they arrive instead of buffering them.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string}
 */
export function curlSample(operation, request) {
  const options = ['--fail-with-body', '-sS', ...(request.streamed ? ['-N'] : [])];
  if (operation.method !== 'GET' || request.body !== undefined) options.push('-X', operation.method);
  const lines = [
    `curl ${options.join(' ')} ${shellQuote(requestUrl(operation, request))}`,
    // `${VAR:?...}`: with the variable unset the shell stops with this sentence, instead of curl sending `Bearer ` and
    // the API answering that no key was sent.
    `  -H "Authorization: Bearer \${${keyVariable}:?is not set: export it with ${keySource}}"`,
  ];
  if (request.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(request.body))}`);
  }
  return lines.join(' \\\n');
}
