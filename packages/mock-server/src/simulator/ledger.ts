import type { BillingTransaction, InstanceType, TransactionType } from '@inference-infra/types';
import { pick, type Random } from './seededRandom.js';

/** A transaction with its kind: the document gives kinds only to the list filter, so the kind is never answered. */
export interface LedgerEntry {
  transaction: BillingTransaction;
  type: TransactionType;
}

/** How often each kind occurs: mostly usage, as a GPU account's ledger is. */
const kinds: Array<[TransactionType, number]> = [
  ['usage', 0.62],
  ['credit', 0.16],
  ['adjustment', 0.12],
  ['refund', 0.1],
];

/**
 * Top-ups in round sums, as a person buys credit. A credit comes about once for four usage lines, of about $13 each
 * on the default catalogue: a mean of about $46 keeps what is bought and what is used of one size over a ledger.
 */
const creditSums = [10, 25, 50, 100];

/** Adjustments are corrections of a few cents to $10 either way: small against the lines they correct. */
const largestAdjustmentCents = 1000;

function kindAt(random: Random): TransactionType {
  let roll = random();
  for (const [kind, share] of kinds) {
    roll -= share;
    if (roll < 0) return kind;
  }
  return 'usage';
}

/** Where the ledger starts counting back from: fixed, so a seed gives the same dates on every run. */
export const ledgerNewest = Date.parse('2026-11-20T18:00:00.000Z');

/** What `hours` of `instance` cost, to the cent: the catalogue's hourly rate times the hours, rounded half up. */
export function billedCents(instance: Pick<InstanceType, 'hourly_rate'>, hours: number): number {
  // Rounded twice: 1.98 × 3 is 5.9399999… in binary, which must bill 594 cents, not 593.
  return Math.round(Number((instance.hourly_rate * hours * 100).toFixed(6)));
}

/** How a usage or refund line names what it bills: the GPUs a person recognises, then the exact catalogue entry. */
export function instanceLabel(instance: InstanceType): string {
  return `${instance.gpu_count}x ${instance.gpu_type} (${instance.id})`;
}

/**
 * `count` transactions of all four kinds, newest first (the spec's assumed order), one to six hours apart, billed
 * from `catalogue`. A usage line is `hours` of one catalogue entry at its hourly rate (negative); a refund gives back
 * `hours` of an interrupted spot instance (or of any entry, in a catalogue without spot); credits are round top-ups
 * and adjustments small corrections of either sign (the spec leaves their sign open).
 */
export function generateLedger(
  random: Random,
  count: number,
  projectId: string,
  catalogue: readonly InstanceType[],
): LedgerEntry[] {
  if (count > 0 && catalogue.length === 0) {
    // Reached only by emptying state.instanceTypes by hand: the options refuse an empty catalogue with a ledger.
    throw new RangeError('the ledger bills usage from the instance-type catalogue, which is empty');
  }
  const spot = catalogue.filter((instance) => instance.deployment_type === 'spot');
  const interruptible = spot.length > 0 ? spot : catalogue;
  const entries: LedgerEntry[] = [];
  let time = ledgerNewest;
  for (let index = 0; index < count; index += 1) {
    // The first ones are forced to cover every kind, so a filter never comes back empty on a small ledger.
    const type = index < kinds.length ? (kinds[index]?.[0] as TransactionType) : kindAt(random);
    // Every entry draws the same numbers whatever its kind, so the kinds and dates of a seed stay where they were
    // when amounts were drawn at random rather than billed.
    const hours = 1 + Math.floor(random() * 6);
    const size = random();
    const negative = random() < 0.5;
    const instance = pick(random, type === 'refund' ? interruptible : catalogue) as InstanceType;
    let cents: number;
    let description: string;
    if (type === 'usage') {
      cents = -billedCents(instance, hours);
      description = `GPU usage: ${instanceLabel(instance)}, ${hours} h`;
    } else if (type === 'refund') {
      cents = billedCents(instance, hours);
      description = `Refund: interrupted ${instance.deployment_type} instance ${instanceLabel(instance)}, ${hours} h`;
    } else if (type === 'credit') {
      cents = (creditSums[Math.floor(size * creditSums.length)] ?? 0) * 100;
      description = 'Credit top-up';
    } else {
      const magnitude = 1 + Math.floor(size * largestAdjustmentCents);
      cents = negative ? -magnitude : magnitude;
      description = 'Billing adjustment';
    }
    entries.push({
      type,
      transaction: {
        id: `txn_${String(count - index).padStart(6, '0')}`,
        projectId,
        // A free instance bills 0, never -0, which a page would show as "-$0.00".
        amount: cents === 0 ? 0 : cents / 100,
        description,
        createdAt: new Date(time).toISOString(),
      },
    });
    time -= hours * 3_600_000 + Math.floor(random() * 3_600_000);
  }
  return entries;
}
