/**
 * Compares two bundled OpenAPI 3.1 documents and classifies each difference as a client would feel it:
 * `breaking` (a call or a field a client uses may stop working), `additive` (something new, nothing lost),
 * or `patch` (documentation only). Requests and answers are judged in opposite directions: narrowing what a
 * request may hold breaks clients, while narrowing what an answer holds does not.
 */

// The toolkit's one spec model, from its source: @inference-infra/types builds from this package's bundle.
import { resolvePointer, specModelOf } from '../../packages/types/src/specModel/index.js';

// biome-ignore lint/suspicious/noExplicitAny: bundles are walked generically.
type Json = any;

export type Severity = 'breaking' | 'additive' | 'patch';

export interface SpecChange {
  severity: Severity;
  /** Where, e.g. `PATCH /api/v1/storage/{id} request body .size_gb`. */
  at: string;
  what: string;
}

type Direction = 'request' | 'response';

/** A node with its `$ref`s followed by the spec model's resolver; an absent node reads as an empty schema. */
function resolve(doc: Json, node: Json): Json {
  if (!node || typeof node.$ref !== 'string') return node ?? {};
  return resolvePointer(doc, node.$ref).value;
}

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return [...schema.type].sort();
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

// Integer formats as validators check them (ajv-formats, Prism, the generated zod): int32 is a range, int64 no more than
// an integer.
const int32: [number, number] = [-(2 ** 31), 2 ** 31 - 1];
function integerRange(schema: Json): [number, number] {
  const [low, high]: [number, number] = schema.format === 'int32' ? int32 : [-Infinity, Infinity];
  return [Math.max(schema.minimum ?? -Infinity, low), Math.min(schema.maximum ?? Infinity, high)];
}

/** A format change on an integer that accepts exactly the same values (int64 added, or int32 within the bounds). */
function sameIntegerRange(a: Json, b: Json): boolean {
  const integerFormat = (f: unknown) => f === undefined || f === 'int32' || f === 'int64';
  if (typesOf(a).join() !== 'integer' || typesOf(b).join() !== 'integer') return false;
  if (!integerFormat(a.format) || !integerFormat(b.format)) return false;
  return integerRange(a).join() === integerRange(b).join();
}

class Differ {
  readonly changes: SpecChange[] = [];
  constructor(
    private readonly before: Json,
    private readonly after: Json,
  ) {}

  private add(severity: Severity, at: string, what: string) {
    this.changes.push({ severity, at, what });
  }

  /** Narrowing a request, or widening an answer, breaks clients; the reverse is additive. */
  private narrowed(direction: Direction, at: string, what: string) {
    this.add(direction === 'request' ? 'breaking' : 'additive', at, what);
  }

  private widened(direction: Direction, at: string, what: string) {
    this.add(direction === 'request' ? 'additive' : 'breaking', at, what);
  }

  schemas(beforeNode: Json, afterNode: Json, direction: Direction, at: string, depth = 0): void {
    if (depth > 12) return;
    const a = resolve(this.before, beforeNode);
    const b = resolve(this.after, afterNode);
    const typesA = typesOf(a);
    const typesB = typesOf(b);
    if (typesA.join() !== typesB.join()) {
      const removed = typesA.filter((t) => !typesB.includes(t));
      const added = typesB.filter((t) => !typesA.includes(t));
      if (removed.length > 0)
        this.narrowed(direction, at, `type ${typesA.join('|')} became ${typesB.join('|') || 'untyped'}`);
      else if (added.length > 0)
        this.widened(direction, at, `type ${typesA.join('|')} widened to ${typesB.join('|')}`);
    }
    for (const [key, tighterWhenLarger] of [
      ['minimum', true],
      ['exclusiveMinimum', true],
      ['minLength', true],
      ['minItems', true],
      ['minProperties', true],
      ['maximum', false],
      ['exclusiveMaximum', false],
      ['maxLength', false],
      ['maxItems', false],
      ['maxProperties', false],
    ] as const) {
      const x = a[key];
      const y = b[key];
      if (x === y) continue;
      const tighter = x === undefined ? true : y === undefined ? false : tighterWhenLarger ? y > x : y < x;
      const text = `${key} ${x ?? 'none'} → ${y ?? 'none'}`;
      if (tighter) this.narrowed(direction, at, text);
      else this.widened(direction, at, text);
    }
    if (a.pattern !== b.pattern) {
      this.add(
        b.pattern === undefined ? (direction === 'request' ? 'additive' : 'breaking') : 'breaking',
        at,
        `pattern ${a.pattern ?? 'none'} → ${b.pattern ?? 'none'}`,
      );
    }
    if (a.format !== b.format) {
      const text = `format ${a.format ?? 'none'} → ${b.format ?? 'none'}`;
      this.add(sameIntegerRange(a, b) ? 'patch' : 'breaking', at, text);
    }
    if (Array.isArray(a.enum) || Array.isArray(b.enum) || a.const !== b.const) {
      const valuesA: unknown[] = a.enum ?? (a.const !== undefined ? [a.const] : []);
      const valuesB: unknown[] = b.enum ?? (b.const !== undefined ? [b.const] : []);
      const removed = valuesA.filter((v) => !valuesB.includes(v));
      const added = valuesB.filter((v) => !valuesA.includes(v));
      if (valuesB.length > 0 && removed.length > 0)
        this.narrowed(direction, at, `enum values removed: ${removed.join(', ')}`);
      if (valuesA.length > 0 && added.length > 0)
        this.widened(direction, at, `enum values added: ${added.join(', ')}`);
      if (valuesA.length === 0 && valuesB.length > 0)
        this.narrowed(direction, at, `now limited to ${valuesB.join(', ')}`);
    }
    if (a.additionalProperties !== false && b.additionalProperties === false)
      this.narrowed(direction, at, 'no longer takes other fields');
    this.properties(a, b, direction, at, depth);
    if (a.items || b.items) this.schemas(a.items ?? {}, b.items ?? {}, direction, `${at}[]`, depth + 1);
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branchesA: Json[] = a[keyword] ?? [];
      const branchesB: Json[] = b[keyword] ?? [];
      if (branchesB.length < branchesA.length)
        this.narrowed(direction, at, `${keyword} lost ${branchesA.length - branchesB.length} branch(es)`);
      if (branchesB.length > branchesA.length)
        this.widened(direction, at, `${keyword} gained ${branchesB.length - branchesA.length} branch(es)`);
      branchesA.forEach((branch, i) => {
        if (branchesB[i]) this.schemas(branch, branchesB[i], direction, `${at} ${keyword}[${i}]`, depth + 1);
      });
    }
    if (a.description !== b.description) this.add('patch', at, 'description changed');
  }

  private properties(a: Json, b: Json, direction: Direction, at: string, depth: number) {
    const propsA: Record<string, Json> = a.properties ?? {};
    const propsB: Record<string, Json> = b.properties ?? {};
    const requiredA: string[] = a.required ?? [];
    const requiredB: string[] = b.required ?? [];
    for (const name of Object.keys(propsA)) {
      const where = `${at}.${name}`;
      if (!(name in propsB)) {
        this.add('breaking', where, `field removed (or renamed)`);
        continue;
      }
      this.schemas(propsA[name], propsB[name], direction, where, depth + 1);
    }
    for (const name of Object.keys(propsB)) {
      if (name in propsA) continue;
      const where = `${at}.${name}`;
      if (direction === 'request' && requiredB.includes(name))
        this.add('breaking', where, 'new required field');
      else this.add('additive', where, 'new field');
    }
    for (const name of requiredB) {
      if (name in propsA && !requiredA.includes(name)) {
        if (direction === 'request') this.add('breaking', `${at}.${name}`, 'became required');
        else this.add('additive', `${at}.${name}`, 'now always present');
      }
    }
    for (const name of requiredA) {
      if (name in propsB && !requiredB.includes(name)) {
        if (direction === 'response') this.add('breaking', `${at}.${name}`, 'may now be absent');
        else this.add('additive', `${at}.${name}`, 'became optional');
      }
    }
  }

  parameters(before: Json[], after: Json[], at: string) {
    const key = (p: Json) => `${p.in}:${p.name}`;
    const mapA = new Map(before.map((p) => [key(resolve(this.before, p)), resolve(this.before, p)]));
    const mapB = new Map(after.map((p) => [key(resolve(this.after, p)), resolve(this.after, p)]));
    for (const [name, a] of mapA) {
      const b = mapB.get(name);
      if (!b) {
        this.add('breaking', `${at} ${name}`, 'parameter removed (or renamed)');
        continue;
      }
      if (!a.required && b.required) this.add('breaking', `${at} ${name}`, 'parameter became required');
      this.schemas(a.schema ?? {}, b.schema ?? {}, 'request', `${at} ${name}`);
    }
    for (const [name, b] of mapB) {
      if (mapA.has(name)) continue;
      this.add(
        b.required ? 'breaking' : 'additive',
        `${at} ${name}`,
        b.required ? 'new required parameter' : 'new parameter',
      );
    }
  }

  operations() {
    const opsA = this.operationMap(this.before);
    const opsB = this.operationMap(this.after);
    for (const [name, a] of opsA) {
      const b = opsB.get(name);
      if (!b) {
        this.add('breaking', name, 'operation removed (or moved)');
        continue;
      }
      if (a.op.operationId !== b.op.operationId) {
        this.add('breaking', name, `operationId ${a.op.operationId} renamed to ${b.op.operationId}`);
      }
      if (a.server !== b.server) this.add('breaking', name, `moved from ${a.server} to ${b.server}`);
      this.parameters(
        [...(a.item.parameters ?? []), ...(a.op.parameters ?? [])],
        [...(b.item.parameters ?? []), ...(b.op.parameters ?? [])],
        name,
      );
      const bodyA = resolve(this.before, a.op.requestBody)?.content?.['application/json']?.schema;
      const bodyB = resolve(this.after, b.op.requestBody)?.content?.['application/json']?.schema;
      if (bodyA || bodyB) this.schemas(bodyA ?? {}, bodyB ?? {}, 'request', `${name} request body`);
      for (const [status, responseA] of Object.entries<Json>(a.op.responses ?? {})) {
        const responseB = b.op.responses?.[status];
        if (!responseB) {
          this.add(
            status.startsWith('2') ? 'breaking' : 'patch',
            `${name} ${status}`,
            'answer no longer documented',
          );
          continue;
        }
        const contentA = resolve(this.before, responseA).content ?? {};
        const contentB = resolve(this.after, responseB).content ?? {};
        for (const mediaType of Object.keys(contentA)) {
          if (!contentB[mediaType])
            this.add('breaking', `${name} ${status} ${mediaType}`, 'media type removed');
          else
            this.schemas(
              contentA[mediaType].schema ?? {},
              contentB[mediaType].schema ?? {},
              'response',
              `${name} ${status}`,
            );
        }
      }
      for (const status of Object.keys(b.op.responses ?? {})) {
        if (!a.op.responses?.[status]) this.add('additive', `${name} ${status}`, 'new documented answer');
      }
    }
    for (const name of opsB.keys()) if (!opsA.has(name)) this.add('additive', name, 'new operation');
  }

  /** The operations as the spec model reads them, each with its objects as written and the server it is sent to. */
  private operationMap(doc: Json) {
    const map = new Map<string, { op: Json; item: Json; server: string }>();
    for (const { method, path, server } of specModelOf(doc).operations) {
      const item = doc.paths[path];
      map.set(`${method} ${path}`, { op: item[method.toLowerCase()], item, server: server.url });
    }
    return map;
  }
}

export function diffSpecs(before: Json, after: Json): SpecChange[] {
  const differ = new Differ(before, after);
  differ.operations();
  return differ.changes;
}

/** The bump a set of changes needs: major for any breaking change, minor for additions, patch for text. */
export function requiredBump(changes: SpecChange[]): 'major' | 'minor' | 'patch' | 'none' {
  if (changes.some((c) => c.severity === 'breaking')) return 'major';
  if (changes.some((c) => c.severity === 'additive')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}
