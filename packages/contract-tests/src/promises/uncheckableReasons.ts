import type { CoverageEntry } from './coverageEntry.js';

const provoked =
  'cannot be provoked from outside: a server answers it when its own limits or faults say so, never on request';
const absence = 'an absence: the spec declares nothing here, so no answer can break it';

/** Assumptions no request can test, each with why: absences, and choices about the spec rather than the server. */
const assumptionReasons: Record<string, string> = {
  'server-defaults-local-mock':
    'about the spec document (its server variables default to the local mock), not about what a server answers',
  'hourly-rate-currency-unspecified': `${absence} (no currency field)`,
  'transaction-amount-sign-and-currency-unspecified': `${absence} (clients must not rely on the sign or currency)`,
  'deployment-type-open-string': `${absence} (any string is allowed; the schema check sees the type)`,
  'volume-status-open-string': `${absence} (any string is allowed; the schema check sees the type)`,
  'volume-provider-type-open-string': `${absence} (any string is allowed; the schema check sees the type)`,
  'guidance-unbounded': `${absence} (no bound; the server may still refuse a value its model cannot use)`,
  'input-sizes-unbounded': `${absence} (the server's own limits bound these fields, and a partner's differ)`,
  'string-formats-not-shown': `${absence} (no format or pattern is declared for these strings)`,
  'cors-not-declared': `${absence} (no CORS header is promised, so none is checked)`,
  'rate-limit-429': `429 ${provoked}`,
  'server-error-500': `500 ${provoked}`,
};

/**
 * Why an entry of the coverage map cannot be checked from outside, or undefined when a check must cover it. Printed
 * in the report beside the entry, so a partner reads why the suite leaves it alone.
 */
export function uncheckableReason(entry: CoverageEntry): string | undefined {
  if (entry.kind === 'parameter' && / path \S+: required$/.test(entry.id)) {
    return 'a path parameter is part of the address: without it a request names no operation of the spec, so no answer is promised';
  }
  if (entry.kind === 'assumption') return assumptionReasons[entry.id.replace(/^assumption /, '')];
  if (entry.kind === 'answer' && / (429|500) /.test(entry.id)) return `the status ${provoked}`;
  if (entry.kind === 'effect' && / effect: may change /.test(entry.id)) {
    return "the spec shows no values or transitions of the resource's state (volume-status-open-string; its examples show resizing), so a resize may move it: nothing to hold";
  }
  if (entry.kind === 'effect' && / effect: billable$/.test(entry.id)) {
    return 'billable: the call changes no resource the API shows, and the spec does not promise when its charge reaches the ledger';
  }
  if (
    entry.kind === 'effect' &&
    /refusal.*changes nothing$/.test(entry.id) &&
    /^(create|generate)/.test(entry.id)
  ) {
    return 'the call changes no resource the API shows, so no read can tell what a refused one changed (its charge is not promised to reach the ledger)';
  }
  return undefined;
}
