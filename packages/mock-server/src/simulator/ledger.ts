import type { BillingTransaction, TransactionType } from '@inference-infra/types';
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

const usageSources = ['1x A10G', '2x L40S', '1x H100', '4x A100', '8x H100', '1x L40S'];

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

/**
 * `count` transactions of all four kinds, newest first (the spec's assumed order), one to six hours apart. Credits
 * and refunds are positive, usage negative and adjustments either (the spec leaves the sign open).
 */
export function generateLedger(random: Random, count: number, projectId: string): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  let time = ledgerNewest;
  for (let index = 0; index < count; index += 1) {
    // The first ones are forced to cover every kind, so a filter never comes back empty on a small ledger.
    const type = index < kinds.length ? (kinds[index]?.[0] as TransactionType) : kindAt(random);
    const hours = 1 + Math.floor(random() * 6);
    const cents = 100 + Math.floor(random() * 49_900);
    const amount = {
      usage: -cents,
      credit: cents * 2,
      refund: cents,
      adjustment: random() < 0.5 ? -cents : cents,
    }[type];
    const description = {
      usage: `GPU usage: ${pick(random, usageSources)}, ${hours} h`,
      credit: 'Credit top-up',
      refund: 'Refund: interrupted spot instance',
      adjustment: 'Billing adjustment',
    }[type];
    entries.push({
      type,
      transaction: {
        id: `txn_${String(count - index).padStart(6, '0')}`,
        projectId,
        amount: amount / 100,
        description,
        createdAt: new Date(time).toISOString(),
      },
    });
    time -= hours * 3_600_000 + Math.floor(random() * 3_600_000);
  }
  return entries;
}
