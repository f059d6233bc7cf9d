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
  /** The redacted text, cut after `limit` characters with `...` when longer: for quoting an answer in a message. */
  excerpt(text: string, limit: number): string;
}

type Span = [start: number, end: number];

function merged(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    // Touching spans merge too: two pieces of the key side by side read as one `[redacted]`.
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([span[0], span[1]]);
  }
  return out;
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
  // without building a substring, which keeps a multi-megabyte answer cheap to redact.
  const startsRun = new Uint8Array(0x10000);
  for (const run of runs) startsRun[run.charCodeAt(0)] = 1;

  function spansIn(text: string): Span[] {
    const spans: Span[] = [];
    if (runs.size > 0)
      for (let at = 0; at + leakRunLength <= text.length; at += 1)
        if (startsRun[text.charCodeAt(at)] === 1 && runs.has(text.slice(at, at + leakRunLength)))
          spans.push([at, at + leakRunLength]);
    for (const form of shortForms)
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1))
        spans.push([at, at + form.length]);
    return merged(spans);
  }

  function redact(text: string): string {
    if (forms.length === 0 || text.length === 0) return text;
    const spans = spansIn(text);
    if (spans.length === 0) return text;
    let out = '';
    let from = 0;
    for (const [start, end] of spans) {
      out += `${text.slice(from, start)}${redacted}`;
      from = end;
    }
    return out + text.slice(from);
  }

  return {
    redact,
    excerpt(text, limit) {
      const shown = redact(text);
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
