import type { Exchange } from './exchange.js';
import type { Target } from './target.js';

export function json(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The size the server says the volume has, from a 409's error (a `current…` number field, or "… 130 GB" in the message). */
export function currentSizeIn(body: unknown, asked: number): number | undefined {
  const error = (body as { error?: Record<string, unknown> } | undefined)?.error;
  if (!error) return undefined;
  for (const [name, value] of Object.entries(error)) {
    if (/current/i.test(name) && typeof value === 'number') return value;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  const sizes = [...message.matchAll(/(\d+)\s*GB/gi)].map((m) => Number(m[1])).filter((n) => n !== asked);
  return sizes[0];
}

/**
 * Watches the run's exchanges for the first growth of `--volume-id` (to `--volume-size` + 1 GB) and says plainly when
 * its answer shows `--volume-size` is stale: the volume keeps the size each run grew it to, so a flag copied from an
 * earlier run is the likeliest reason the growth checks fail, and their own messages only say "expected 200, got 409".
 */
export function createVolumeSizeWatch(target: Target): (exchange: Exchange) => string | undefined {
  const given = target.volumeSizeGb;
  const id = target.volumeId;
  let done = given === undefined || id === undefined;
  return (exchange) => {
    if (done || given === undefined || id === undefined) return undefined;
    if (exchange.operationId !== 'resizeVolume' || !exchange.url.endsWith(`/${encodeURIComponent(id)}`))
      return undefined;
    const asked = (json(exchange.requestBody) as { size_gb?: unknown } | undefined)?.size_gb;
    if (asked !== given + 1 || (exchange.status !== 409 && exchange.status !== 200)) return undefined;
    done = true;
    const body = json(exchange.responseBody);
    if (exchange.status === 409) {
      const current = currentSizeIn(body, asked);
      return current === undefined
        ? `--volume-size ${given} is stale: growing ${id} to ${asked} GB was refused as not larger, so the volume is bigger than ${given} GB now; pass its current size.`
        : `--volume-size ${given} is stale: the server says ${id} is ${current} GB; pass --volume-size ${current}.`;
    }
    const answered = (body as { data?: { sizeGb?: unknown } } | undefined)?.data?.sizeGb;
    return typeof answered === 'number' && answered !== asked
      ? `--volume-size ${given} may be stale: growing ${id} to ${asked} GB answered the volume at ${answered} GB.`
      : undefined;
  };
}
