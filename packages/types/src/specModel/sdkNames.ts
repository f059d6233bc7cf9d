import type { JsonObject } from './jsonPointer.js';

/**
 * What the toolkit's packages call an operation and how they treat it: the one thing the spec's shapes cannot say.
 * Read from the operation's `x-sdk` extension, each key derived by a fixed rule when absent, so a new operation
 * reaches every surface with no extension at all and the extension only pins names that differ from the rule.
 *
 * ```yaml
 * x-sdk:
 *   method: chat.completions.create   # the fetch client's method: resource path, then the method's name
 *   name: ChatCompletion              # what hooks and options derive from: useChatCompletion, chatCompletionMutationOptions
 *   kind: mutation                    # query (read, cached) or mutation (changes state, never cached)
 *   paged: false                      # offset paging: `limit`/`offset` in, `meta` out
 *   openai: chat.completions.create   # the official `openai` client's method, where it has one
 *   openaiBodyType: ImageGenerateParamsNonStreaming
 *   key: { group: chat, entry: completion }  # where its TanStack keys sit in inferenceInfraKeys (see SdkKey)
 * ```
 */
export interface SdkNames {
  /** The fetch client's method as written: `chat.completions.create`. */
  method: string;
  /** The path of resource objects on the client (`['chat', 'completions']`), then the method's own name. */
  resourcePath: string[];
  methodName: string;
  /** PascalCase base of every per-operation name: `use${name}`, `${camel(name)}QueryOptions`, `create${name}Query`. */
  name: string;
  kind: 'query' | 'mutation';
  /** Offset paging: the query takes `limit` and `offset` and the JSON answer holds `meta`. */
  paged: boolean;
  /**
   * The answer can be an event stream (a `text/event-stream` answer with an event schema), asked for by the body's
   * boolean `stream`: the client returns the event stream and the frameworks get a stream hook.
   */
  streamed: boolean;
  /** Where the operation's TanStack Query keys sit in `inferenceInfraKeys` (query-core and every adapter). */
  key: SdkKey;
  /** The official `openai` client's method for the same call, where one exists. */
  openai?: string;
  /** The `openai` namespace type the body is asserted to when it has fields OpenAI's types lack. */
  openaiBodyType?: string;
}

/**
 * An operation's cache keys: `inferenceInfraKeys[group][entry]`, each key `['inference-infra', segment, entry, ...]`,
 * and `inferenceInfraKeys[group].all` the prefix of them all. A paged query adds `infinite` beside its `page`, a
 * streamed operation `stream` beside its mutation's entry. The rule: group and segment are the camel-cased name
 * (`InstanceTypes` → `instanceTypes`); the entry is `page` for a paged query, `list` for a query whose operationId
 * starts with `list`, `detail` for any other query, and the client's method name for a mutation (`resize`). Pinned
 * where the keys of before the rule differ (`billing` holds `['inference-infra', 'billingTransactions', 'page', q]`):
 * renaming a key would empty every cache persisted under the old one.
 */
export interface SdkKey {
  group: string;
  segment: string;
  entry: string;
}

/** The facts of an operation the naming rule reads, already taken from the spec by the model. */
export interface SdkNameInputs {
  operationId: string;
  method: string;
  tags: string[];
  queryParameterNames: string[];
  /** The 200 JSON answer has a `meta` property. */
  answerHasMeta: boolean;
  /** The 200 answer has a `text/event-stream` with `x-stream-event-schema`. */
  answerStreams: boolean;
  /** The JSON body has a boolean `stream` property. */
  bodyHasStreamFlag: boolean;
}

const knownKeys = new Set(['method', 'name', 'kind', 'paged', 'key', 'openai', 'openaiBodyType']);
const knownKeyKeys = new Set(['group', 'segment', 'entry']);
const identifier = /^[A-Za-z_$][\w$]*$/;

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** `GPU pools` → `gpuPools`, `Billing` → `billing`: words joined, the first lower-cased (whole when an acronym). */
const camel = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) =>
      i === 0
        ? word === word.toUpperCase()
          ? word.toLowerCase()
          : word[0]?.toLowerCase() + word.slice(1)
        : pascal(word),
    )
    .join('');

/**
 * The rule that names an operation with no `x-sdk`: its first tag, camel-cased, is the resource (`Billing` →
 * `billing`) and its operationId the method; a query's base name drops a leading `list` or `get`
 * (`listInstanceTypes` → `InstanceTypes` → `useInstanceTypes`), a mutation's keeps it (`resizeVolume` →
 * `useResizeVolume`).
 */
export function derivedSdkNames(inputs: SdkNameInputs): Omit<SdkNames, 'openai' | 'openaiBodyType'> {
  const kind = inputs.method === 'GET' || inputs.method === 'HEAD' ? 'query' : 'mutation';
  const resource = camel(inputs.tags[0] ?? 'operations') || 'operations';
  const base = kind === 'query' ? inputs.operationId.replace(/^(list|get)(?=[A-Z])/, '') : inputs.operationId;
  const names: Omit<SdkNames, 'key' | 'openai' | 'openaiBodyType'> = {
    method: `${resource}.${inputs.operationId}`,
    resourcePath: [resource],
    methodName: inputs.operationId,
    name: pascal(base),
    kind,
    paged:
      kind === 'query' &&
      inputs.answerHasMeta &&
      inputs.queryParameterNames.includes('limit') &&
      inputs.queryParameterNames.includes('offset'),
    streamed: inputs.answerStreams && inputs.bodyHasStreamFlag,
  };
  return { ...names, key: derivedKey(names, inputs.operationId) };
}

/** The rule of `SdkKey`, from the names as pinned or derived. */
function derivedKey(
  names: Pick<SdkNames, 'name' | 'kind' | 'paged' | 'methodName'>,
  operationId: string,
): SdkKey {
  const group = camel(names.name);
  const queryEntry = names.paged ? 'page' : /^list(?=[A-Z]|$)/.test(operationId) ? 'list' : 'detail';
  return { group, segment: group, entry: names.kind === 'query' ? queryEntry : names.methodName };
}

/** `x-sdk.key` over the rule: each of `group`, `segment`, `entry` may be pinned; the segment follows a pinned group. */
function keyOf(given: unknown, derived: SdkKey, where: string): SdkKey {
  if (given === undefined) return derived;
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw new Error(`${where}: key must be an object of ${[...knownKeyKeys].join(', ')}`);
  }
  const pinned = given as JsonObject;
  for (const name of Object.keys(pinned)) {
    if (!knownKeyKeys.has(name))
      throw new Error(`${where}: unknown key "key.${name}" (known: ${[...knownKeyKeys].join(', ')})`);
    if (typeof pinned[name] !== 'string' || !identifier.test(pinned[name] as string)) {
      throw new Error(`${where}: key.${name} must be an identifier, got ${JSON.stringify(pinned[name])}`);
    }
  }
  const group = (pinned.group as string | undefined) ?? derived.group;
  return {
    group,
    segment: (pinned.segment as string | undefined) ?? group,
    entry: (pinned.entry as string | undefined) ?? derived.entry,
  };
}

/** The operation's names: its `x-sdk` over the rule; an error naming the operation, the key and the rule otherwise. */
export function sdkNamesOf(extension: unknown, inputs: SdkNameInputs): SdkNames {
  const derived = derivedSdkNames(inputs);
  if (extension === undefined) return derived;
  const where = `spec: x-sdk of ${inputs.operationId}`;
  if (extension === null || typeof extension !== 'object' || Array.isArray(extension)) {
    throw new Error(`${where} must be an object of ${[...knownKeys].join(', ')}`);
  }
  const given = extension as JsonObject;
  for (const key of Object.keys(given)) {
    if (!knownKeys.has(key))
      throw new Error(`${where}: unknown key "${key}" (known: ${[...knownKeys].join(', ')})`);
  }
  const text = (key: string, rule: RegExp, ruleText: string): string | undefined => {
    const value = given[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !rule.test(value)) {
      throw new Error(`${where}: ${key} must be ${ruleText}, got ${JSON.stringify(value)}`);
    }
    return value;
  };
  const dotted = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;
  const method = text('method', dotted, 'a dotted path of identifiers with at least one resource (a.b)');
  const name = text('name', /^[A-Z][A-Za-z0-9]*$/, 'a PascalCase identifier');
  const kind = text('kind', /^(query|mutation)$/, '"query" or "mutation"') as SdkNames['kind'] | undefined;
  const openai = text('openai', dotted, 'a dotted path of identifiers');
  const openaiBodyType = text('openaiBodyType', identifier, 'an identifier');
  if (given.paged !== undefined && typeof given.paged !== 'boolean') {
    throw new Error(`${where}: paged must be true or false, got ${JSON.stringify(given.paged)}`);
  }
  const segments = method?.split('.');
  const names = {
    ...derived,
    ...(segments
      ? {
          method: method as string,
          resourcePath: segments.slice(0, -1),
          methodName: segments.at(-1) as string,
        }
      : {}),
    ...(name ? { name } : {}),
    ...(kind ? { kind } : {}),
    ...(typeof given.paged === 'boolean' ? { paged: given.paged } : {}),
    ...(openai ? { openai } : {}),
    ...(openaiBodyType ? { openaiBodyType } : {}),
  };
  return { ...names, key: keyOf(given.key, derivedKey(names, inputs.operationId), where) };
}

/** Two operations with one method or one base name would overwrite each other on every surface: refused. */
export function assertDistinctSdkNames(operations: { operationId: string; sdk: SdkNames }[]): void {
  for (const key of ['method', 'name'] as const) {
    const seen = new Map<string, string>();
    for (const { operationId, sdk } of operations) {
      const other = seen.get(sdk[key]);
      if (other) {
        throw new Error(
          `spec: ${other} and ${operationId} both have the x-sdk ${key} "${sdk[key]}": give one of them its own in x-sdk`,
        );
      }
      seen.set(sdk[key], operationId);
    }
  }
  assertDistinctKeys(operations);
  // A resource that is also a method (`a.b` beside `a.b.c`) cannot be both an object and a function.
  const methods = new Set(operations.map(({ sdk }) => sdk.method));
  for (const { operationId, sdk } of operations) {
    for (let i = 1; i < sdk.resourcePath.length + 1; i += 1) {
      const prefix = sdk.resourcePath.slice(0, i).join('.');
      if (methods.has(prefix)) {
        throw new Error(
          `spec: x-sdk method of ${operationId} (${sdk.method}) nests under the method ${prefix}`,
        );
      }
    }
  }
}

/** The key entries of an operation in its group: its own, `infinite` when paged, `stream` when streamed. */
export function keyEntriesOf(sdk: SdkNames): string[] {
  return [sdk.key.entry, ...(sdk.paged ? ['infinite'] : []), ...(sdk.streamed ? ['stream'] : [])];
}

/** Two keys in one place would share cache entries of different shapes; one group has one prefix (`all`). */
function assertDistinctKeys(operations: { operationId: string; sdk: SdkNames }[]): void {
  const entries = new Map<string, string>();
  const segments = new Map<string, { segment: string; operationId: string }>();
  for (const { operationId, sdk } of operations) {
    const { group, segment } = sdk.key;
    const first = segments.get(group);
    if (first && first.segment !== segment) {
      throw new Error(
        `spec: x-sdk key of ${first.operationId} and ${operationId} put the group ${group} under two segments (${first.segment}, ${segment}): one group has one prefix`,
      );
    }
    segments.set(group, { segment, operationId });
    for (const entry of keyEntriesOf(sdk)) {
      if (entry === 'all')
        throw new Error(`spec: x-sdk key of ${operationId}: the entry "all" is the group's prefix`);
      const other = entries.get(`${group}.${entry}`);
      if (other) {
        throw new Error(
          `spec: ${other} and ${operationId} both have the key ${group}.${entry}: give one of them its own x-sdk key`,
        );
      }
      entries.set(`${group}.${entry}`, operationId);
    }
  }
}
