import { type Refusal, refusal } from '@inference-infra/edge';
import { unauthorized } from './bearerChallenge.js';

/** The most verdicts kept: past it the oldest are forgotten (and asked again), so made-up keys grow nothing. */
const maxVerdicts = 10_000;
/** How long a refusal of the API is kept: a flood of one made-up key asks the API once a minute, not each time. */
const refusedForMs = 60_000;

/**
 * With bearer-passthrough, whether the API takes a key, asked once before the key's first session and remembered (by
 * the key's digest, never the key) for `acceptedForMs`: a key the API refuses opens no session, so made-up keys
 * cannot fill `--max-sessions` and leave real users a 503.
 */
export class KeyChecks {
  private readonly verdicts = new Map<string, { accepted: boolean; until: number }>();

  constructor(private readonly acceptedForMs: number) {}

  /** The refusal a new session of this key earns (401, or 503 when the API gives no verdict), or undefined. */
  async refusalFor(keyId: string, ask: () => Promise<boolean | undefined>): Promise<Refusal | undefined> {
    const now = Date.now();
    let verdict = this.verdicts.get(keyId);
    if (!verdict || verdict.until <= now) {
      const accepted = await ask();
      if (accepted === undefined)
        return refusal(
          503,
          'key_not_checked',
          'Authorization: the API could not be asked whether it takes this key; try again',
          'Authorization',
          { 'retry-after': '5' },
        );
      this.verdicts.delete(keyId);
      if (this.verdicts.size >= maxVerdicts)
        this.verdicts.delete(this.verdicts.keys().next().value as string);
      verdict = { accepted, until: now + (accepted ? this.acceptedForMs : refusedForMs) };
      this.verdicts.set(keyId, verdict);
    }
    if (verdict.accepted) return undefined;
    return unauthorized(
      'Authorization: the API does not take this key; a session needs a key the API accepts',
      {
        error: 'invalid_token',
      },
    );
  }
}
