export { consoleReporter } from './console.js';
export { githubSummaryReporter } from './github.js';
export { harReporter } from './har.js';
export { junitReporter } from './junit.js';
export { ndjsonReporter } from './ndjson.js';
