import { keyForms } from './keyForms.js';

/** What stands where a piece of the key was. */
export const redacted = '[redacted]';

/**
 * The shortest run of a key's characters that is redacted wherever it shows. A cut (a failure quotes 500 characters
 * of an answer, a report keeps 64 KiB) can keep any piece of an echoed key, and 8 characters of a random key are
 * already more than anyone should be handed; shorter runs stay, or every report would lose ordinary words.
 */
export const leakRunLength = 8;

/**
 * The one way text that came from outside leaves the process: the key, in any of its forms (`keyForms`), and every
 * run of at least `leakRunLength` characters of one of them, become `[redacted]`. Whatever cuts text for display cuts
 * what this returns, never the text before it.
 */
export interface Redactor {
  redact(text: string): string;
  /** The first `limit` characters of the redacted text, redacting no more of a long text than that needs. */
  redactedPrefix(text: string, limit: number): string;
  /** The redacted text, cut after `limit` characters with `...` when longer: for quoting an answer in a message. */
  excerpt(text: string, limit: number): string;
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
function replaced(text: string, spans: Span[], until = text.length): string {
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += `${text.slice(from, start)}${redacted}`;
    from = end;
  }
  return out + text.slice(from, until);
}

export function createRedactor(key: string): Redactor {
  const forms = keyForms(key);
  // A form shorter than a run is redacted whole; a longer one through its runs, which also catch any piece of it.
  const shortForms = forms.filter((form) => form.length < leakRunLength);
  const runs = new Set<string>();
  for (const form of forms)
    for (let at = 0; at + leakRunLength <= form.length; at += 1) {
      const run = form.slice(at, at + leakRunLength);
      // Eight spaces or line breaks are no secret, and redacting them would eat indentation.
      if (run.trim() !== '') runs.add(run);
    }
  // Keys are short, so the runs are few: a table of their first characters lets the scan skip most positions
  // without building a substring.
  const startsRun = new Uint8Array(0x10000);
  for (const run of runs) startsRun[run.charCodeAt(0)] = 1;
  /** How far before its end a slice of text can match differently from the whole: no match is longer. */
  const reach = Math.max(leakRunLength, ...shortForms.map((form) => form.length));

  /** Where the key's forms and runs stand in the text, merged, in order. */
  function spansIn(text: string): Span[] {
    const spans: Span[] = [];
    if (runs.size > 0)
      for (let at = 0; at + leakRunLength <= text.length; at += 1)
        if (startsRun[text.charCodeAt(at)] === 1 && runs.has(text.slice(at, at + leakRunLength)))
          addSpan(spans, at, at + leakRunLength);
    if (shortForms.length === 0) return spans;
    const all: Span[] = [...spans];
    for (const form of shortForms)
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1))
        all.push([at, at + form.length]);
    all.sort((a, b) => a[0] - b[0]);
    const merged: Span[] = [];
    for (const [start, end] of all) addSpan(merged, start, end);
    return merged;
  }

  function redact(text: string): string {
    if (forms.length === 0 || text.length === 0) return text;
    const spans = spansIn(text);
    return spans.length === 0 ? text : replaced(text, spans);
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

  return {
    redact,
    redactedPrefix,
    excerpt(text, limit) {
      const shown = redactedPrefix(text, limit + 1);
      return shown.length > limit ? `${shown.slice(0, limit)}...` : shown;
    },
  };
}

let cached: { key: string; redactor: Redactor } | undefined;

/** The redactor of a key, built once: a run has one key, and every message and report of it goes through this. */
export function redactorFor(key: string): Redactor {
  if (cached?.key !== key) cached = { key, redactor: createRedactor(key) };
  return cached.redactor;
}
