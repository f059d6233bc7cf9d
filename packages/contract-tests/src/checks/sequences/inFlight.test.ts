import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sendInFlight } from './inFlight.js';

describe('sendInFlight', () => {
  it('answers every item in its own slot and never keeps more than the limit in flight', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(3), { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        async (delays, limit) => {
          let inFlight = 0;
          let most = 0;
          const answers = await sendInFlight(delays, limit, async (delay, index) => {
            inFlight += 1;
            most = Math.max(most, inFlight);
            await new Promise((resolve) => setTimeout(resolve, delay));
            inFlight -= 1;
            return index;
          });
          expect(answers).toEqual(delays.map((_, index) => index));
          expect(most).toBeLessThanOrEqual(limit);
        },
      ),
      { seed: 46, numRuns: 40 },
    );
  });
});
