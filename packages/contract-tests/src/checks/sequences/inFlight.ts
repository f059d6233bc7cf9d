/**
 * Sends every item with at most `limit` requests in flight at once, as a service with several clients sees them: each
 * answer in the slot of its item, whatever order they arrive in. Over HTTP the transport opens a connection for each
 * request in flight (undici's pool), so several connections carry them.
 */
export async function sendInFlight<Item, Answer>(
  items: readonly Item[],
  limit: number,
  send: (item: Item, index: number) => Promise<Answer>,
): Promise<Answer[]> {
  const answers = new Array<Answer>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      answers[index] = await send(items[index] as Item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return answers;
}

/** Requests in flight at once in the sequence properties unless the target says otherwise (`--max-in-flight`). */
export const defaultMaxInFlight = 6;

/** How many requests the sequence properties keep in flight against this target (at least 2: one is no sequence). */
export function maxInFlightOf(target: { maxInFlight?: number }): number {
  return Math.max(2, target.maxInFlight ?? defaultMaxInFlight);
}
