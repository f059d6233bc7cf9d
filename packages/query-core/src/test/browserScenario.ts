import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageKeyOf, type RunningApp, startBrowserApp } from './browserApp.js';
import { itsOfStreamFaults } from './browserStreamFaults.js';

const artifactsDir = fileURLToPath(new URL('../../test-artifacts', import.meta.url));

/** Asks the simulator directly, with the page server's key, to know what the page must show. */
async function askSimulator(name: string, path: string, init: RequestInit = {}) {
  const base = path.startsWith('/api/')
    ? inject('mockPlatformUrl')
    : inject('mockBaseUrl').replace(/\/v1$/, '');
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${pageKeyOf(name)}`, 'content-type': 'application/json' },
  });
  return (await response.json()) as { data: Array<Record<string, unknown>>; meta?: Record<string, unknown> };
}

/**
 * The one scenario every framework's app passes, on the same markup: filters of instance types, infinite billing
 * pages, a resize and its 409, a streamed chat and its abort; then nothing past loopback, no key in the page, and no
 * failed request but the 409 and the abort asked for; then the chat and the streamed query under each of the
 * simulator's stream faults (`streamFaultScenarios`). `name` is the folder under `browser-apps/` and the entry of
 * this package.
 */
export function describeBrowserScenario(name: string, plugin: () => PluginOption, builtWith: string): void {
  describe(`the ${name} app on @inference-infra/query-core/${name} (built by Vite with ${builtWith}, in headless Chromium)`, () => {
    let app: RunningApp;
    const section = (label: string) => app.page.getByRole('region', { name: label });
    const screenshot = async (label: string, region: string) => {
      await mkdir(artifactsDir, { recursive: true });
      const path = `${artifactsDir}/${name}-${label}.png`;
      await section(region).screenshot({ path, animations: 'disabled' });
      expect(existsSync(path)).toBe(true);
    };

    beforeAll(async () => {
      app = await startBrowserApp(name, plugin(), {
        baseUrl: inject('mockBaseUrl'),
        platformUrl: inject('mockPlatformUrl'),
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('narrows the instance types with each filter, as the simulator answers them', async () => {
      const table = section('Instance types, cheapest first');
      const rows = table.locator('tbody tr[data-id]');
      const ids = () => rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-id')));
      const cheapestFirst = (await askSimulator(name, '/api/v1/instances/types')).data.map((type) => type.id);
      expect(cheapestFirst.length).toBeGreaterThan(20);
      await expect.poll(ids).toEqual(cheapestFirst);

      await table.getByLabel('GPU type').selectOption('H100');
      const h100 = (await askSimulator(name, '/api/v1/instances/types?gpu_type=H100')).data.map(
        (type) => type.id,
      );
      expect(h100).toHaveLength(8);
      await expect.poll(ids).toEqual(h100);
      await table.getByLabel('GPU count').selectOption('8');
      await expect.poll(ids).toEqual(['it_h100_8x_use1', 'it_h100_8x_euw1']);
      await table.getByLabel('Region').selectOption('us-east-1');
      await expect.poll(ids).toEqual(['it_h100_8x_use1']);
      const lastAsked = app.requests.filter((request) => request.includes('/instances/types?')).at(-1) ?? '';
      expect(Object.fromEntries(new URL(lastAsked.split(' ')[1] ?? '').searchParams)).toEqual({
        gpu_type: 'H100',
        gpu_count: '8',
        region: 'us-east-1',
      });
      await table.getByLabel('GPU type').selectOption('A10G');
      await table.getByLabel('GPU count').selectOption('8');
      await expect
        .poll(() => table.getByText('No instance type matches these filters.').isVisible())
        .toBe(true);
      await screenshot('instance-types', 'Instance types, cheapest first');
    });

    it('loads the billing transactions page by page, to the end of the list', async () => {
      const total = (await askSimulator(name, '/api/v1/billing/transactions?limit=1')).meta?.total as number;
      expect(total).toBeGreaterThan(100);
      const transactions = section('Billing transactions');
      const items = transactions.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(25);
      const loadMore = transactions.getByRole('button', { name: 'Load more' });
      for (let shown = 25; shown < total; shown += 25) {
        await loadMore.click();
        await expect.poll(() => items.count()).toBe(Math.min(shown + 25, total));
      }
      await transactions.getByText('end of the list').waitFor();
      expect(await loadMore.count()).toBe(0);
      const offsets = app.requests
        .filter((request) => request.includes('/billing/transactions?'))
        .map((request) => new URL(request.split(' ')[1] ?? '').searchParams.get('offset'));
      expect(offsets).toEqual(Array.from({ length: Math.ceil(total / 25) }, (_, page) => String(page * 25)));
    });

    it('resizes a volume, then shows the 409 of the same size again', async () => {
      const resize = section('Resize a volume');
      // The seeded volume has 100 GB in this app's own workspace of the simulator (its key); 500 grows it once, and
      // the same size again is not a growth: the 409 the spec documents.
      const size = '500';
      await resize.getByLabel('New size (GB)').fill(size);
      await resize.getByRole('button', { name: 'Resize' }).click();
      await expect.poll(() => resize.locator('output').textContent()).toBe(`vol_training is now ${size} GB`);
      await resize.getByRole('button', { name: 'Resize' }).click();
      await expect.poll(() => resize.getByRole('alert').textContent()).toMatch(new RegExp(`^409: .*${size}`));
      await screenshot('resize-conflict', 'Resize a volume');
    });

    it('streams a chat answer and keeps what arrived when aborted', async () => {
      const chat = section('Chat, streamed');
      const answer = chat.getByLabel('Answer');
      await chat.getByRole('button', { name: 'Send' }).click();
      await chat.locator('[data-status="streaming"]').waitFor();
      await expect.poll(async () => ((await answer.textContent()) ?? '').length).toBeGreaterThan(0);
      await chat.getByRole('button', { name: 'Abort' }).click();
      await chat.locator('[data-status="aborted"]').waitFor();
      const kept = (await answer.textContent()) ?? '';
      const prompt = await chat.getByLabel('Prompt').inputValue();
      const reply = (await askSimulator(name, '/v1/chat/completions', {
        method: 'POST',
        body: JSON.stringify({
          model: 'llama-3.1-8b-instruct',
          messages: [{ role: 'user', content: prompt }],
        }),
      })) as unknown as { choices: Array<{ message: { content: string } }> };
      const whole = reply.choices[0]?.message.content ?? '';
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(whole.length);
      expect(whole.startsWith(kept)).toBe(true);
      await screenshot('chat-aborted', 'Chat, streamed');

      await chat.getByRole('button', { name: 'Send' }).click();
      await chat.locator('[data-status="success"]').waitFor({ timeout: 60_000 });
      expect(await answer.textContent()).toBe(whole);
    });

    it('sent no key and nothing past 127.0.0.1, and failed no request but the 409 and the abort asked for', () => {
      expect(app.authorizationSent).toEqual([]);
      expect([...app.problems.requestsPastLoopback]).toEqual([]);
      expect(app.problems.failedRequests).toEqual([
        `${app.url}api/v1/storage/vol_training: HTTP 409`,
        // The abort reached the request itself: the browser cancelled it, so the stream (and its billing) stopped.
        `POST ${app.url}v1/chat/completions: net::ERR_ABORTED`,
      ]);
      expect(app.problems.consoleErrors).toEqual([
        'Failed to load resource: the server responded with a status of 409 (Conflict)',
      ]);
    });

    itsOfStreamFaults(() => app, name, screenshot);
  });
}
