// Plain JavaScript with JSDoc types: the `start` scripts that call it run under `node` without a TypeScript loader.
import { parseArgs } from 'node:util';

/**
 * The command line of a site server (`serveDocs.js`, `servePlayground.js`), or one sentence and exit 2: an unknown
 * flag, a flag without its value or an address that is not an http(s) URL ends the process before anything starts,
 * never with a stack. `urlFlags` are the flags whose values must be http(s) URLs.
 * @template {import('node:util').ParseArgsConfig['options']} Options
 * @param {{ options: Options, urlFlags?: string[], usage: string, argv?: string[] }} config
 * @returns {ReturnType<typeof parseArgs<{ options: Options }>>['values']}
 */
export function siteArgs({ options, urlFlags = [], usage, argv = process.argv.slice(2) }) {
  /** @type {(message: string) => never} */
  const fail = (message) => {
    console.error(`${message}\n\n${usage}`);
    process.exit(2);
  };
  /** @type {ReturnType<typeof parseArgs<{ options: Options }>>['values']} */
  let values;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return fail(/** @type {Error} */ (error).message);
  }
  for (const flag of urlFlags) {
    const value = /** @type {Record<string, unknown>} */ (values)[flag];
    if (value === undefined) continue;
    if (!isHttpUrl(String(value))) fail(`--${flag} must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
  return values;
}

/** @param {string} text */
function isHttpUrl(text) {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
