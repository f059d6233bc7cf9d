import { frameworkNamesOf } from '@inference-infra/types/spec-model';
import { keylessClientOf } from './keylessClient.js';
import { tsLiteral } from './tsLiteral.js';

/**
 * The Vue, Svelte, Solid and Angular samples of an operation: one component calling the operation's function of
 * `@inference-infra/query-core/<framework>`, named by the spec model's rule (`frameworkNamesOf`, which the generators
 * of those functions read too). A query renders its data, a mutation a button that sends the request, a stream the
 * text as it grows; each shows an error by its message. The client is provided once per app, keyless: the sample's
 * head says how, in the framework's own words.
 */

/**
 * What one sample of one operation says: the function, its argument, the component's name.
 * @typedef {object} SampleCall
 * @property {'query' | 'mutation' | 'stream'} shape
 * @property {string} fn The framework's function: `useInstanceTypes`, `createResizeVolumeMutation`, ...
 * @property {string} argument The query's parameters, the mutation's variables or the stream's body, as TypeScript.
 * @property {string} Name The component's name: the operationId in PascalCase.
 * @property {string} kebab The operationId in kebab case, for an Angular selector.
 * @property {string[]} head Comment lines (without marks): how the app provides the client, and why it has no key.
 */

/**
 * @param {import('@inference-infra/types/spec-model').Framework} framework
 * @param {string} setup How the app hands the client to this framework's functions.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @param {string} indent The indentation the argument is written at.
 * @returns {SampleCall | null}
 */
function sampleCallOf(framework, setup, operation, request, indent) {
  const names = frameworkNamesOf(framework, operation.sdk);
  const keyless = keylessClientOf(operation);
  const Name = operation.operationId.charAt(0).toUpperCase() + operation.operationId.slice(1);
  const kebab = operation.operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const head = [`Once per app, ${setup},`, `the client being ${keyless.call}.`, ...keyless.why];
  if (request.streamed) {
    if (!names.streamHolder) return null;
    const { stream: _stream, ...body } = /** @type {Record<string, unknown>} */ (request.body);
    return { shape: 'stream', fn: names.streamHolder, argument: tsLiteral(body, indent), Name, kebab, head };
  }
  if (names.query) {
    const params = { ...request.pathParams, ...request.query };
    const argument = Object.keys(params).length > 0 ? tsLiteral(params, indent) : '';
    return { shape: 'query', fn: names.query, argument, Name, kebab, head };
  }
  if (!names.mutation) return null;
  const variables = { ...request.pathParams, .../** @type {object} */ (request.body) };
  return { shape: 'mutation', fn: names.mutation, argument: tsLiteral(variables, indent), Name, kebab, head };
}

const entry = (/** @type {string} */ framework) => `@inference-infra/query-core/${framework}`;
/** An accessor of the query's parameters, as Svelte, Solid and Angular take them: a change is a new key. */
const accessor = (/** @type {string} */ argument) => (argument ? `() => (${argument})` : '');

/**
 * A Vue single-file component (`<script setup>`); the composables return refs, which the template unwraps.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string | null}
 */
export function vueSample(operation, request) {
  const setup = 'in main.ts: app.use(VueQueryPlugin).use(InferenceInfraPlugin, { client })';
  const call = sampleCallOf('vue', setup, operation, request, '');
  if (!call) return null;
  const comment = ['<!--', ...call.head.map((line) => `  ${line}`), '-->'];
  const script = (/** @type {string[]} */ lines) => [
    ...comment,
    '<script setup lang="ts">',
    `import { ${call.fn} } from '${entry('vue')}';`,
    '',
    ...lines,
    '</script>',
    '',
  ];
  if (call.shape === 'stream') {
    return [
      ...script([
        `const { start, content, isStreaming, error } = ${call.fn}();`,
        `const send = () => start(${call.argument});`,
      ]),
      '<template>',
      '  <button type="button" :disabled="isStreaming" @click="send">Send</button>',
      '  <output :aria-busy="isStreaming">{{ content }}</output>',
      '  <p v-if="error" role="alert">{{ error.message }}</p>',
      '</template>',
      '',
    ].join('\n');
  }
  if (call.shape === 'query') {
    return [
      ...script([`const { data, error } = ${call.fn}(${call.argument});`]),
      '<template>',
      '  <p v-if="error" role="alert">{{ error.message }}</p>',
      `  <pre v-else>{{ data ? JSON.stringify(data, null, 2) : 'Loading…' }}</pre>`,
      '</template>',
      '',
    ].join('\n');
  }
  return [
    ...script([
      `const { mutate, data, error, isPending } = ${call.fn}();`,
      `const send = () => mutate(${call.argument});`,
    ]),
    '<template>',
    '  <button type="button" :disabled="isPending" @click="send">Send</button>',
    '  <pre v-if="data">{{ JSON.stringify(data, null, 2) }}</pre>',
    '  <p v-if="error" role="alert">{{ error.message }}</p>',
    '</template>',
    '',
  ].join('\n');
}

/**
 * A Svelte 5 component; the query and mutation objects are reactive, read as plain properties.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string | null}
 */
export function svelteSample(operation, request) {
  const setup =
    'in the root component: setQueryClientContext(new QueryClient()) and setInferenceInfraClientContext(client)';
  const call = sampleCallOf('svelte', setup, operation, request, '  ');
  if (!call) return null;
  const comment = ['<!--', ...call.head.map((line) => `  ${line}`), '-->'];
  const script = (/** @type {string[]} */ lines) => [
    ...comment,
    '<script lang="ts">',
    `  import { ${call.fn} } from '${entry('svelte')}';`,
    '',
    ...lines.map((line) => `  ${line}`),
    '</script>',
    '',
  ];
  if (call.shape === 'stream') {
    return [
      ...script([`const stream = ${call.fn}();`, `const send = () => stream.start(${call.argument});`]),
      '<button type="button" disabled={stream.isStreaming} onclick={send}>Send</button>',
      '<output aria-busy={stream.isStreaming}>{stream.content}</output>',
      '{#if stream.error}<p role="alert">{stream.error.message}</p>{/if}',
      '',
    ].join('\n');
  }
  if (call.shape === 'query') {
    return [
      ...script([`const query = ${call.fn}(${accessor(call.argument)});`]),
      '{#if query.error}',
      '  <p role="alert">{query.error.message}</p>',
      '{:else}',
      `  <pre>{query.data ? JSON.stringify(query.data, null, 2) : 'Loading…'}</pre>`,
      '{/if}',
      '',
    ].join('\n');
  }
  return [
    ...script([`const mutation = ${call.fn}();`, `const send = () => mutation.mutate(${call.argument});`]),
    '<button type="button" disabled={mutation.isPending} onclick={send}>Send</button>',
    '{#if mutation.data}<pre>{JSON.stringify(mutation.data, null, 2)}</pre>{/if}',
    '{#if mutation.error}<p role="alert">{mutation.error.message}</p>{/if}',
    '',
  ].join('\n');
}

/**
 * A Solid component (TSX); the primitives return accessors (a stream) or reactive objects (a query, a mutation).
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string | null}
 */
export function solidSample(operation, request) {
  const setup =
    'around the app: <QueryClientProvider client={new QueryClient()}><InferenceInfraProvider client={client}>';
  const call = sampleCallOf('solid', setup, operation, request, '  ');
  if (!call) return null;
  const head = (/** @type {string[]} */ lines) => [
    ...call.head.map((line) => `// ${line}`),
    `import { ${call.fn} } from '${entry('solid')}';`,
    `import { Show } from 'solid-js';`,
    '',
    `export function ${call.Name}() {`,
    ...lines.map((line) => `  ${line}`),
    '}',
    '',
  ];
  if (call.shape === 'stream') {
    return head([
      `const stream = ${call.fn}();`,
      `const send = () => stream.start(${call.argument});`,
      'return (',
      '  <>',
      '    <button type="button" disabled={stream.isStreaming()} onClick={send}>',
      '      Send',
      '    </button>',
      '    <output aria-busy={stream.isStreaming()}>{stream.content()}</output>',
      '    <Show when={stream.error()}>{(error) => <p role="alert">{error().message}</p>}</Show>',
      '  </>',
      ');',
    ]).join('\n');
  }
  if (call.shape === 'query') {
    return head([
      `const query = ${call.fn}(${accessor(call.argument)});`,
      'return (',
      '  <Show when={query.error} fallback={<pre>{JSON.stringify(query.data ?? null, null, 2)}</pre>}>',
      '    {(error) => <p role="alert">{error().message}</p>}',
      '  </Show>',
      ');',
    ]).join('\n');
  }
  return head([
    `const mutation = ${call.fn}();`,
    `const send = () => mutation.mutate(${call.argument});`,
    'return (',
    '  <>',
    '    <button type="button" disabled={mutation.isPending} onClick={send}>',
    '      Send',
    '    </button>',
    '    <Show when={mutation.data}>{(data) => <pre>{JSON.stringify(data(), null, 2)}</pre>}</Show>',
    '    <Show when={mutation.error}>{(error) => <p role="alert">{error().message}</p>}</Show>',
    '  </>',
    ');',
  ]).join('\n');
}

/**
 * An Angular standalone component; the functions return signals, read in the template by calling them.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string | null}
 */
export function angularSample(operation, request) {
  const setup =
    'in its providers: provideTanStackQuery(new QueryClient()), provideInferenceInfraClient(client)';
  const call = sampleCallOf('angular', setup, operation, request, '    ');
  if (!call) return null;
  /** @param {string[]} imports @param {string[]} template @param {string[]} members */
  const component = (imports, template, members) => [
    ...call.head.map((line) => `// ${line}`),
    `import { ${imports.join(', ')} } from '@angular/core';`,
    `import { ${call.fn} } from '${entry('angular')}';`,
    '',
    '@Component({',
    `  selector: 'app-${call.kebab}',`,
    '  template: `',
    ...template.map((line) => `    ${line}`),
    '  `,',
    '})',
    `export class ${call.Name} {`,
    ...members.map((line) => `  ${line}`),
    '}',
    '',
  ];
  const errorLine = (/** @type {string} */ holder) =>
    `@if (${holder}.error(); as error) { <p role="alert">{{ error.message }}</p> }`;
  if (call.shape === 'stream') {
    return component(
      ['Component'],
      [
        '<button type="button" [disabled]="stream.isStreaming()" (click)="send()">Send</button>',
        '<output [attr.aria-busy]="stream.isStreaming()">{{ stream.content() }}</output>',
        errorLine('stream'),
      ],
      [`readonly stream = ${call.fn}();`, 'send() {', `  this.stream.start(${call.argument});`, '}'],
    ).join('\n');
  }
  if (call.shape === 'query') {
    return component(
      ['Component', 'computed'],
      [errorLine('query'), '<pre>{{ text() }}</pre>'],
      [
        `readonly query = ${call.fn}(${accessor(call.argument)});`,
        "readonly text = computed(() => JSON.stringify(this.query.data() ?? 'Loading…', null, 2));",
      ],
    ).join('\n');
  }
  return component(
    ['Component', 'computed'],
    [
      '<button type="button" [disabled]="mutation.isPending()" (click)="send()">Send</button>',
      '@if (text(); as answer) { <pre>{{ answer }}</pre> }',
      errorLine('mutation'),
    ],
    [
      `readonly mutation = ${call.fn}();`,
      'readonly text = computed(() => JSON.stringify(this.mutation.data(), null, 2));',
      'send() {',
      `  this.mutation.mutate(${call.argument});`,
      '}',
    ],
  ).join('\n');
}
