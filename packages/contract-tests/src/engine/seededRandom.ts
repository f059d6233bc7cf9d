import { randomInt } from 'node:crypto';

/** A run's source of random choices: a number in [0, 1), like `Math.random`, but replayable from the run's seed. */
export type SeededRandom = () => number;

/** The largest seed: seeds are unsigned 32-bit integers, the whole state of the generator below. */
export const maxSeed = 0xffff_ffff;

/**
 * Mulberry32 (Tommy Ettinger's 32-bit generator): one integer of state, fast, and statistically good enough for
 * picking test values. Not for secrets: anyone who knows the seed knows every value, which is the point here.
 */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A fresh seed for a run that was given none; printed, so a failing run can be replayed with `--seed`. */
export function pickSeed(): number {
  return randomInt(0, maxSeed);
}

/** A whole number in [0, below). */
export function randomIndex(random: SeededRandom, below: number): number {
  return Math.floor(random() * below);
}

/** `length` lower-case hex digits, e.g. for a key no account has. */
export function randomHex(random: SeededRandom, length: number): string {
  let hex = '';
  while (hex.length < length) hex += randomIndex(random, 16).toString(16);
  return hex;
}

/** A shuffled copy (Fisher–Yates), for trying values in a replayable order. */
export function shuffled<T>(random: SeededRandom, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomIndex(random, i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
