#!/usr/bin/env node
// What `bash scripts/start.sh` runs, on the machine's Node (20 or later) before the toolchain exists: install and
// build with their output in a log (one line a step on the screen), then the mock API, the docs site and the
// playground, each on its port, and a summary of where they are. Plain JavaScript with no dependency: it runs before
// `pnpm install`.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildProgress, installProgress, stepLine, workspaceBuildTasks } from './startProgress.mjs';
import { startSummary } from './startSummary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const demoKey = 'ii_live_mock';

/** The four ports: option, environment variable, default, and what listens there (for the sentences below). */
const ports = [
  {
    option: 'inference-port',
    env: 'INFERENCE_INFRA_INFERENCE_PORT',
    fallback: 4010,
    what: 'the mock inference API',
  },
  {
    option: 'platform-port',
    env: 'INFERENCE_INFRA_PLATFORM_PORT',
    fallback: 4011,
    what: 'the mock platform API',
  },
  { option: 'docs-port', env: 'INFERENCE_INFRA_DOCS_PORT', fallback: 4012, what: 'the docs site' },
  {
    option: 'playground-port',
    env: 'INFERENCE_INFRA_PLAYGROUND_PORT',
    fallback: 4013,
    what: 'the playground',
  },
];

/** Only with --registry: the local npm registry that holds our packages until they are published. */
const registryPort = {
  option: 'registry-port',
  env: 'INFERENCE_INFRA_REGISTRY_PORT',
  fallback: 4873,
  what: 'the local npm registry (with --registry)',
};

const usage = `Usage: bash scripts/start.sh [options]

Installs the toolchain and the packages, builds everything from the spec, then serves on 127.0.0.1 the mock API
(both base addresses), the API reference and the playground until Ctrl+C.

${[...ports, registryPort].map((port) => `  --${port.option.padEnd(17)} N   ${port.what} (default ${port.fallback}; or ${port.env})`).join('\n')}
  --registry             also serve every package of ours from a local npm registry, so that a project anywhere on
                         this machine installs them by name: npm install @inference-infra/fetch-client --registry URL
  --verbose              show the install and build output instead of one line a step
  --help                 this text`;

function fail(message, code = 2) {
  console.error(message);
  process.exit(code);
}

function readOptions() {
  let values;
  try {
    values = parseArgs({
      options: {
        ...Object.fromEntries([...ports, registryPort].map((port) => [port.option, { type: 'string' }])),
        registry: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${error.message}\n\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values['registry-port'] !== undefined && !values.registry)
    fail('--registry-port is for the local registry: add --registry to serve it');
  const chosen = (values.registry ? [...ports, registryPort] : ports).map((port) => {
    const given = values[port.option] ?? process.env[port.env];
    const source = values[port.option] !== undefined ? `--${port.option}` : port.env;
    if (given === undefined || given === '') return { ...port, port: port.fallback };
    if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > 65535)
      fail(`${source} must be a whole number from 1 to 65535 (got "${given}")`);
    return { ...port, port: Number(given) };
  });
  for (const [index, port] of chosen.entries()) {
    const twin = chosen.slice(0, index).find((other) => other.port === port.port);
    if (twin) fail(`--${twin.option} and --${port.option} are both ${port.port}: give each its own port`);
  }
  return { ports: chosen, verbose: values.verbose, registry: values.registry };
}

/** Whether 127.0.0.1:port can be listened on now; the error code when it cannot. */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code ?? 'error'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function checkPorts(chosen) {
  for (const port of chosen) {
    const free = await portFree(port.port);
    if (free === true) continue;
    const why = free === 'EADDRINUSE' ? 'is in use' : `cannot be listened on (${free})`;
    fail(
      `Port ${port.port} (${port.what}) ${why} on 127.0.0.1: is scripts/start.sh running already? Stop what holds it, or choose another port with --${port.option} N (or ${port.env}=N).`,
      1,
    );
  }
}

/** A command with the toolchain first on PATH, as the scripts source it. */
function toolchain(command) {
  return ['bash', ['-c', `source scripts/toolchain-path.sh && ${command}`]];
}

/**
 * Runs one install or build step, its output into the log (and the screen with --verbose); exits on failure. Without
 * --verbose the screen has the step's line, which `progress` keeps saying how far the step is (see startProgress.mjs).
 */
async function step(title, [command, args], { verbose, log, logPath }, progress) {
  const started = Date.now();
  const line = verbose
    ? undefined
    : stepLine(title, {
        tty: process.stdout.isTTY === true,
        columns: process.stdout.columns,
        write: (text) => process.stdout.write(text),
      });
  if (verbose) process.stdout.write(`${title} ...\n`);
  // The seconds go on counting on a terminal while a quiet task (a type-check of minutes) prints nothing.
  const ticker = line && process.stdout.isTTY ? setInterval(() => line.update(), 1000) : undefined;
  log.write(`\n$ ${args.at(-1)}\n`);
  const tail = [];
  // Per stream, the start of a line whose end has not arrived yet; a failure's tail shows it as it is.
  const partials = ['', ''];
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [index, stream] of [child.stdout, child.stderr].entries()) {
    stream.on('data', (chunk) => {
      log.write(chunk);
      if (verbose) process.stdout.write(chunk);
      const lines = (partials[index] + chunk.toString()).split(/\r?\n|\r/);
      partials[index] = lines.pop() ?? '';
      tail.push(...lines);
      tail.splice(0, Math.max(0, tail.length - 40));
      if (!line) return;
      for (const text of lines) progress.read(text);
      line.update(progress.status());
    });
  }
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(ticker);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (code !== 0) {
    tail.push(...partials.filter((partial) => partial !== ''));
    line?.finish('failed');
    console.error(
      `\n${tail.join('\n').trimEnd()}\n\n${title} failed (exit ${code}); the whole output is in ${logPath}`,
    );
    process.exit(typeof code === 'number' ? code : 1);
  }
  if (line) line.finish(`done (${seconds} s)`);
  else console.log(`${title}: done (${seconds} s)`);
}

/** Starts one server; its lines go to the screen behind its name. */
function serve(name, [command, args], children) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push({ name, child });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let partial = '';
    stream.on('data', (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  }
  return child;
}

/** Resolves when the address answers HTTP with the expected status; rejects when the process ended first. */
async function answering(url, headers, child, name) {
  let ended = false;
  child.once('exit', () => {
    ended = true;
  });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (ended) throw new Error(`${name} ended before it served (its output is above)`);
    const status = await fetch(url, { headers })
      .then((response) => response.body?.cancel().then(() => response.status) ?? response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within 60 s`);
}

/** Resolves when the process prints a line matching `pattern` (the registry, once every package is published). */
function printed(child, pattern, name) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} was not ready within 5 minutes`)), 300_000);
    let partial = '';
    child.stdout.on('data', (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      if (lines.some((line) => pattern.test(line))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${name} ended before it was ready (its output is above)`));
    });
  });
}

const options = readOptions();
await checkPorts(options.ports);
const [inference, platform, docs, playground, registry] = options.ports.map((port) => port.port);

mkdirSync(new URL('../.tools', import.meta.url), { recursive: true });
const logPath = '.tools/start.log';
const log = createWriteStream(new URL(`../${logPath}`, import.meta.url));
const context = { verbose: options.verbose, log, logPath };
await step(
  'Toolchain and packages (scripts/bootstrap.sh)',
  ['bash', ['scripts/bootstrap.sh']],
  context,
  installProgress(),
);
await step(
  'Build everything from the spec (pnpm build)',
  toolchain('pnpm build'),
  context,
  buildProgress(workspaceBuildTasks(root)),
);
log.end();

// Checked again: the build took a while, and something may have taken a port meanwhile.
await checkPorts(options.ports);
const baseUrl = `http://127.0.0.1:${inference}/v1`;
const platformUrl = `http://127.0.0.1:${platform}`;
const children = [];
const stopAll = (code) => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0));

const mock = serve(
  'mock',
  toolchain(
    `exec node packages/mock-server/bin/inference-infra-mock.js --key ${demoKey} --port ${inference} --platform-port ${platform}`,
  ),
  children,
);
const docsServer = serve(
  'docs',
  toolchain(
    `exec node docs/scripts/serveDocs.js --port ${docs} --base-url ${baseUrl} --platform-url ${platformUrl}`,
  ),
  children,
);
const playgroundServer = serve(
  'playground',
  toolchain(
    `exec node examples/playground/scripts/servePlayground.js --port ${playground} --base-url ${baseUrl} --platform-url ${platformUrl}`,
  ),
  children,
);
const registryServer =
  registry === undefined
    ? undefined
    : serve('registry', toolchain(`exec node tools/local-registry/src/cli.ts --port ${registry}`), children);
for (const { name, child } of children) {
  child.once('exit', (code, signal) => {
    if (process.exitCode !== undefined) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}): stopping the others.`);
    stopAll(1);
  });
}

try {
  await Promise.all([
    answering(
      `${platformUrl}/api/v1/instances/types`,
      { authorization: `Bearer ${demoKey}` },
      mock,
      'the mock',
    ),
    answering(`http://127.0.0.1:${docs}/`, {}, docsServer, 'the docs site'),
    answering(`http://127.0.0.1:${playground}/`, {}, playgroundServer, 'the playground'),
    registryServer && printed(registryServer, /^registry \S+ holds /, 'the local registry'),
  ]);
} catch (error) {
  console.error(error.message);
  stopAll(1);
}
if (process.exitCode === undefined) {
  console.log(startSummary({ baseUrl, platformUrl, docs, playground, registry, demoKey }));
}
