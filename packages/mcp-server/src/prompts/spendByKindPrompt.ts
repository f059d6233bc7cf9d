import { schemas } from '@inference-infra/types';
import { z } from 'zod';
import { toolNameOf } from '../tools/operationTools.js';
import { dayOrInstant, endOf, PromptArgumentError, parseArguments, startOf } from './promptArguments.js';
import { type PromptDefinition, unlistedNote } from './promptDefinition.js';
import { parameterSchema } from './specFacts.js';

const tool = toolNameOf('listBillingTransactions');
const kinds: readonly string[] = schemas.TransactionType.options;

const argumentsSchema = z
  .object({ from: dayOrInstant, to: dayOrInstant, kinds: z.string().optional() })
  .strict()
  .superRefine((args, context) => {
    // Only two bounds that parsed can be compared; a bound that did not is named by its own issue.
    const [start, end] = [boundOrUndefined(startOf, args.from), boundOrUndefined(endOf, args.to)];
    if (start !== undefined && end !== undefined && start > end) {
      context.addIssue({ code: 'custom', path: ['to'], message: `must not be before from (${args.from})` });
    }
  });

function boundOrUndefined(instant: (bound: string) => string, bound: string): string | undefined {
  try {
    return instant(bound);
  } catch {
    return undefined;
  }
}

export interface SpendByKindArguments {
  /** The period's first and last instants, ISO 8601 in UTC, both included. */
  start: string;
  end: string;
  kinds: string[];
}

/** The kinds asked for, comma-separated, each one of the spec's `TransactionType`; all of them when none are named. */
function kindsOf(text: string | undefined): string[] {
  const named = (text ?? '')
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  for (const kind of named) {
    const parsed = schemas.TransactionType.safeParse(kind);
    if (!parsed.success) {
      throw new PromptArgumentError(`kinds: ${JSON.stringify(kind)} ${parsed.error.issues[0]?.message}`);
    }
  }
  return named.length === 0 ? [...kinds] : [...new Set(named)];
}

/**
 * Spend by kind of transaction over a period: a transaction carries no kind, so each kind is listed with the filter,
 * and every page is walked (newest first, so a kind ends at the first page that reaches past the period).
 */
export const spendByKindPrompt: PromptDefinition<SpendByKindArguments> = {
  prompt: {
    name: 'spend_by_kind',
    title: 'Spend by kind over a period',
    description: `Totals billing transactions by kind (${kinds.join(', ')}) over a period, walking every page of ${tool}.`,
    arguments: [
      {
        name: 'from',
        description: 'First day (2026-11-01) or instant (2026-11-01T09:30:00Z), included.',
        required: true,
      },
      {
        name: 'to',
        description: 'Last day or instant, included; a day counts to its end (UTC).',
        required: true,
      },
      {
        name: 'kinds',
        description: `Kinds to total, comma-separated (${kinds.join(', ')}); all when left out.`,
        required: false,
      },
    ],
  },
  tools: [tool],
  parse(args) {
    const parsed = parseArguments(argumentsSchema, args);
    return { start: startOf(parsed.from), end: endOf(parsed.to), kinds: kindsOf(parsed.kinds) };
  },
  text({ start, end, kinds: asked }, { model, listed }) {
    // The largest page the spec allows: fewest calls for a long period.
    const limit = Number(parameterSchema(model, 'listBillingTransactions', 'limit').maximum);
    const first = (kind: string) => JSON.stringify({ type: kind, limit, offset: 0 });
    return [
      `Total the spend of this account by kind of billing transaction from ${start} to ${end} (both included), with the tool ${tool}.`,
      unlistedNote(tool, listed),
      `A transaction carries no field for its kind: only the \`type\` filter of ${tool} knows it, so list each kind on its own.`,
      [
        `For each kind, ${asked.map((kind) => `\`${kind}\``).join(', ')}:`,
        '1. List its first page, with its filter:',
        ...asked.map((kind) => `   - ${kind}: Call ${tool} with ${first(kind)}`),
        `2. Transactions come newest first (\`createdAt\` descending). Keep those whose \`createdAt\` is from ${start} to ${end}, both included.`,
        `3. While \`meta.hasMore\` is true and the page's last transaction is not older than ${start}, call ${tool} again with the same \`type\` and \`limit\` and \`offset\` ${limit} more (the answer's text gives the exact next call). Walk every page: never estimate from the first one.`,
        '4. Add up the `amount` of the kept transactions, and count them.',
      ].join('\n'),
      'Answer with one table, kind | transactions | total `amount`, then the total of every kind. Give amounts as the API gives them: it states neither their sign nor their currency, so say so rather than guess.',
    ]
      .filter(Boolean)
      .join('\n\n');
  },
};
