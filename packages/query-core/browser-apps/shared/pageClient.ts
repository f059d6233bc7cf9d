// The keyless client of every framework's app of the browser test, pointed at the server the page came from (its API
// route holds the key and forwards `X-Simulate`). The test asks for a stream fault through the page's address, the
// same way in all four apps: `?fault=` is sent as the simulator's `X-Simulate` header on every request, and
// `?streamIdleTimeoutMs=` bounds the silence between two streamed chunks (the client's default is a minute).
import { createClient } from '@inference-infra/fetch-client';

export function createPageClient() {
  const asked = new URLSearchParams(location.search);
  const fault = asked.get('fault');
  const idleBound = asked.get('streamIdleTimeoutMs');
  return createClient({
    apiKey: null,
    baseUrl: `${location.origin}/v1`,
    platformUrl: location.origin,
    ...(fault ? { headers: { 'x-simulate': fault } } : {}),
    // The client checks it: a value that is not a whole number of ms fails the page with a sentence naming it.
    ...(idleBound ? { streamIdleTimeoutMs: Number(idleBound) } : {}),
  });
}
