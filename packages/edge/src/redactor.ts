import { foldCase } from './caseFold.js';
import { decodedView, longestEscape, unfinishedEscape } from './decodedView.js';
import { type KeyForm, splitKey, textForms } from './keyForms.js';

/** What stands where a piece of the key was. */
export const redacted = '[redacted]';

/**
 * The one way text that came from outside leaves any of our processes: the key in any of its forms (`textForms`),
 * and every run of its secret part long enough to give some of it away, in any case, become `[redacted]`; the documented
 * `<prefix>_live_` stays readable. Whatever cuts text for display cuts what this returns, never the text before it.
 */
export interface Redactor {
  redact(text: string): string;
  /** Strings of a value redacted deeply (object keys too); a value with nothing to hide comes back as it is. */
  redactValue<T>(value: T): T;
  /** The first `limit` characters of the redacted text, redacting no more of a long text than that needs. */
  redactedPrefix(text: string, limit: number): string;
  /** The redacted text, cut after `limit` characters with `...` when longer: for quoting an answer in a message. */
  excerpt(text: string, limit: number): string;
  /**
   * A streaming redactor: text in, redacted text out, the same as redacting the text whole whatever the chunks (two
   * pieces side by side across a border may read `[redacted][redacted]`). Only an end of the text that could begin a
   * form waits for the next chunk, so an event that ends in a blank line goes on at once.
   */
  stream(): { push(text: string): string; end(): string };
  /** How many characters a match can span: what a cut or a chunk border must keep in view. */
  readonly reach: number;
}

type Span = [start: number, end: number];

/** Adds a span to spans sorted by start; one that touches or overlaps the last merges into it. */
function addSpan(spans: Span[], start: number, end: number): void {
  const last = spans.at(-1);
  // Touching spans merge too: two pieces of the key side by side read as one `[redacted]`.
  if (last && start <= last[1]) last[1] = Math.max(last[1], end);
  else spans.push([start, end]);
}

/** The text with each span replaced, up to `until` (a position of `text`, never inside a span). */
function replaced(text: string, spans: readonly Span[], until = text.length): string {
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += `${text.slice(from, start)}${redacted}`;
    from = end;
  }
  return out + text.slice(from, until);
}

/** Runs of each length, with a table of the characters they begin with so the scan skips most positions cheaply. */
interface RunTable {
  length: number;
  runs: Set<string>;
  startsRun: Uint8Array;
}

function runTables(forms: readonly KeyForm[]): RunTable[] {
  const byLength = new Map<number, Set<string>>();
  for (const form of forms) {
    if (form.text.length < form.runLength) continue;
    const runs = byLength.get(form.runLength) ?? new Set<string>();
    byLength.set(form.runLength, runs);
    for (let at = 0; at + form.runLength <= form.text.length; at += 1) {
      const run = foldCase(form.text.slice(at, at + form.runLength));
      // Eight spaces or line breaks are no secret, and redacting them would eat indentation.
      if (run.trim() !== '') runs.add(run);
    }
  }
  return [...byLength].map(([length, runs]) => {
    const startsRun = new Uint8Array(0x10000);
    for (const run of runs) startsRun[run.charCodeAt(0)] = 1;
    return { length, runs, startsRun };
  });
}

const unchanged: Redactor = {
  redact: (text) => text,
  redactValue: (value) => value,
  redactedPrefix: (text, limit) => text.slice(0, limit),
  excerpt: (text, limit) => (text.length > limit ? `${text.slice(0, limit)}...` : text),
  stream: () => ({ push: (text) => text, end: () => '' }),
  reach: 0,
};

/**
 * The redactor of one key, or of several (a process holding a second key, as the contract suite a deactivated one,
 * hides both with one pass). Whole forms of each key are matched whole (so `ii_live_mock`, whose secret is too short
 * to have runs, is still hidden); the secret part's forms through their runs, which also catch any long piece of
 * them. Without a key nothing is hidden.
 */
export function createRedactor(key: string | readonly string[] | undefined): Redactor {
  const keys = (typeof key === 'string' ? [key] : (key ?? [])).filter((one) => one !== '');
  if (keys.length === 0) return unchanged;
  // Matched in lower case (`foldCase`): the contract suite's own checks send the key in another case.
  const wholeForms = [...new Set(keys.flatMap((one) => textForms(one).map((form) => foldCase(form.text))))];
  const tables = runTables(keys.flatMap((one) => textForms(splitKey(one).secret)));
  /** How many characters a match spans in the text as decoded (`decodedView`). */
  const decodedReach = Math.max(
    1,
    ...wholeForms.map((form) => form.length),
    ...tables.map((table) => table.length),
  );
  // In the text as it is, each of those characters may be an escape, decoded up to three times.
  const reach = decodedReach * longestEscape * 3;

  /** Where the key's forms and runs stand in text as it is (no decoding). */
  function plainSpans(original: string, all: Span[], map?: (span: Span) => Span): void {
    const text = foldCase(original);
    const add = (start: number, end: number) => all.push(map ? map([start, end]) : [start, end]);
    for (const { length, runs, startsRun } of tables)
      for (let at = 0; at + length <= text.length; at += 1)
        if (startsRun[text.charCodeAt(at)] === 1 && runs.has(text.slice(at, at + length)))
          add(at, at + length);
    for (const form of wholeForms)
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) add(at, at + form.length);
  }

  /**
   * Where the key's forms and runs stand in the text, merged, in order: as it is, and as a consumer decodes it
   * (`decodedView`: `\u` escapes among plain characters, percent-encoding twice, HTML entities), mapped back.
   */
  function spansIn(original: string, view = decodedView(original)): Span[] {
    const all: Span[] = [];
    plainSpans(original, all);
    if (view)
      plainSpans(view.text, all, ([start, end]) => [view.starts[start] ?? 0, view.ends[end - 1] ?? 0]);
    all.sort((a, b) => a[0] - b[0]);
    const merged: Span[] = [];
    for (const [start, end] of all) addSpan(merged, start, end);
    return merged;
  }

  /** The spans of the text, with its first `knownSecret` characters as one more (the rest of a match begun before). */
  function spansAfter(text: string, knownSecret: number, view = decodedView(text)): Span[] {
    const spans = spansIn(text, view);
    if (knownSecret === 0) return spans;
    const merged: Span[] = [[0, knownSecret]];
    for (const [start, end] of spans) addSpan(merged, start, end);
    return merged;
  }

  function redact(text: string): string {
    if (text.length === 0) return text;
    const spans = spansIn(text);
    return spans.length === 0 ? text : replaced(text, spans);
  }

  function redactValue<T>(value: T): T {
    if (typeof value === 'string') return redact(value) as T;
    if (Array.isArray(value)) return value.map(redactValue) as T;
    if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [redact(name), redactValue(item)]),
      ) as T;
    }
    return value;
  }

  function redactedPrefix(text: string, limit: number): string {
    // Redacting all of a 30 MB answer to show 500 characters of it would cost more than the check: redact a slice,
    // and keep only what no match across the slice's end could change, doubling the slice until that is enough.
    for (let length = 2 * limit + reach; ; length *= 2) {
      if (length >= text.length) return redact(text).slice(0, limit);
      const slice = text.slice(0, length);
      const settledBefore = length - reach;
      const spans = spansIn(slice);
      const unsettled = spans.findIndex(([, end]) => end >= settledBefore);
      const until = unsettled === -1 ? settledBefore : Math.min(settledBefore, spans[unsettled]?.[0] ?? 0);
      const shown = replaced(slice, unsettled === -1 ? spans : spans.slice(0, unsettled), until);
      if (shown.length >= limit) return shown.slice(0, limit);
    }
  }

  let beginnings: Set<string> | undefined;
  /** Every proper beginning of a whole form or a run: an end of a chunk that is one may go on in the next chunk. */
  function beginningsOfForms(): Set<string> {
    if (beginnings) return beginnings;
    beginnings = new Set();
    const patterns = [...wholeForms, ...tables.flatMap((table) => [...table.runs])];
    for (const pattern of patterns)
      for (let length = 1; length < pattern.length; length += 1) beginnings.add(pattern.slice(0, length));
    return beginnings;
  }

  function stream() {
    let pending = '';
    // How much of `pending` is the rest of a match whose beginning already went out as `[redacted]`: on its own
    // the rest may be too short to match again, and must not go out as it is.
    let knownSecret = 0;
    return {
      push(text: string): string {
        const all = pending + text;
        const folded = foldCase(all);
        const starts = beginningsOfForms();
        /**
         * The earliest position of `text` from which the rest could still become a match: a beginning of a form, or
         * an escape the next chunk could finish (`%2`, `&#x4`), with what comes before it.
         */
        const heldIn = (text: string, folded: string): number => {
          const unfinished = unfinishedEscape.exec(text.slice(-longestEscape))?.[0].length ?? 0;
          const until = text.length - unfinished;
          for (let at = Math.max(0, until - decodedReach + 1); at < until; at += 1)
            if (starts.has(folded.slice(at, until))) return at;
          return until;
        };
        let held = heldIn(all, folded);
        // The same in the text as a consumer decodes it, mapped back.
        const view = decodedView(all);
        if (view) {
          const at = heldIn(view.text, foldCase(view.text));
          if (at < view.text.length) held = Math.min(held, view.starts[at] ?? held);
        }
        // A match that ends inside the held part starts before it: redact the ready part with it in view.
        const spans = spansAfter(all, knownSecret, view);
        // (A chain of keys side by side is not held back without end: past a bound, its part before `held` goes.)
        const cut = spans.find(([start, end]) => start < held && end > held);
        let ready = cut && all.length - cut[0] <= 4 * reach ? cut[0] : held;
        // Never inside an escape: the rest of it alone would decode to something else.
        if (view)
          for (let at = 0; at < view.starts.length; at += 1) {
            const [start, end] = [view.starts[at] ?? 0, view.ends[at] ?? 0];
            if (start >= ready) break;
            if (end > ready) {
              ready = start;
              break;
            }
          }
        pending = all.slice(ready);
        const crossing = spans.find(([start, end]) => start < ready && end > ready);
        knownSecret = Math.max(knownSecret - ready, crossing ? crossing[1] - ready : 0, 0);
        const shown = spans
          .filter(([start]) => start < ready)
          .map(([start, end]): Span => [start, Math.min(end, ready)]);
        return replaced(all, shown, ready);
      },
      end(): string {
        const spans = spansAfter(pending, knownSecret);
        const rest = spans.length === 0 ? pending : replaced(pending, spans);
        pending = '';
        knownSecret = 0;
        return rest;
      },
    };
  }

  return {
    redact,
    redactValue,
    redactedPrefix,
    excerpt(text, limit) {
      const shown = redactedPrefix(text, limit + 1);
      return shown.length > limit ? `${shown.slice(0, limit)}...` : shown;
    },
    stream,
    reach,
  };
}

let cached: { key: string; redactor: Redactor } | undefined;

/**
 * The redactor of a key (or of several), built once: a process mostly holds one, and every message of it goes
 * through this.
 */
export function redactorFor(key: string | readonly string[] | undefined): Redactor {
  const keys = (typeof key === 'string' ? [key] : (key ?? [])).filter((one) => one !== '');
  if (keys.length === 0) return unchanged;
  // A line break cannot be part of a key fetch sends (`keyAsSent` trims them, and none is inside one that is sent).
  const id = keys.join('\n');
  if (cached?.key !== id) cached = { key: id, redactor: createRedactor(keys) };
  return cached.redactor;
}
