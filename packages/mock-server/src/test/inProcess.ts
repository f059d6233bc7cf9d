import { createSimulator } from '../simulator/createSimulator.js';
import type { SimulatorOptions } from '../simulator/simulatorOptions.js';

export const testKey = 'ii_live_simtests';

/** A fresh simulator and a `call` that sends through its in-process `fetch` with a key and JSON headers. */
export function simulate(options: SimulatorOptions = {}) {
  const simulator = createSimulator(options);
  async function call(path: string, init: RequestInit & { key?: string | null; simulate?: string } = {}) {
    const { key = testKey, simulate: fault, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    if (rest.body !== undefined && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    if (fault !== undefined) headers.set('x-simulate', fault);
    const base =
      path.startsWith('/api/') || path.startsWith('/__')
        ? 'http://127.0.0.1:4011'
        : 'http://127.0.0.1:4010/v1';
    const url = path.startsWith('http') ? path : `${base}${path}`;
    const response = await simulator.fetch(url, { ...rest, headers });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    // biome-ignore lint/suspicious/noExplicitAny: answers of every operation are read by the tests.
    const body: any = isJson ? JSON.parse(text) : text;
    return { response, status: response.status, body, text };
  }
  const post = (path: string, body: unknown, init: Parameters<typeof call>[1] = {}) =>
    call(path, { ...init, method: 'POST', body: JSON.stringify(body) });
  return { simulator, call, post };
}

/** The `data:` payloads of a server-sent event stream's text. */
export function eventData(text: string): string[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
}
