import { streamFaultScenarios } from '@inference-infra/test-kit/streamFaults';
import { expect, inject, it } from 'vitest';
import { pageKeyOf, type RunningApp } from './browserApp.js';
import { streamedText } from './streamedText.js';

/**
 * The stream faults of the shared table (`@inference-infra/test-kit/streamFaults`), each in the app's chat: the page is opened again with the fault in its
 * address (`?fault=` becomes the client's `X-Simulate` header, `?streamIdleTimeoutMs=` its bound; see
 * `browser-apps/shared/pageClient.ts`), the answer is sent, and the page must show where the stream ended, the text
 * that arrived before the fault and the error's class name and message; nothing may fail but the stream itself.
 */
export function itsOfStreamFaults(
  appOf: () => RunningApp,
  name: string,
  screenshot: (label: string) => Promise<void>,
): void {
  for (const { title, fault, streamIdleTimeoutMs, eventsKept, dripMs, error } of streamFaultScenarios) {
    const ending = error ? `error with ${error.name}` : 'success';
    it(`shows ${title} as ${ending}, the text that arrived kept`, async () => {
      const app = appOf();
      const failedBefore = app.problems.failedRequests.length;
      const consoleErrorsBefore = app.problems.consoleErrors.length;
      await app.page.goto(
        `${app.url}?${new URLSearchParams({ fault, streamIdleTimeoutMs: `${streamIdleTimeoutMs}` })}`,
      );
      const chat = app.page.getByRole('region', { name: 'Chat, streamed' });
      await chat.getByRole('button', { name: 'Send' }).click();
      await chat.locator(`[data-status="${error ? 'error' : 'success'}"]`).waitFor();

      const prompt = await chat.getByLabel('Prompt').inputValue();
      const expected = await streamedText(inject('mockBaseUrl'), pageKeyOf(name), prompt, eventsKept);
      expect(expected.text.length).toBeGreaterThan(0);
      expect(await chat.getByLabel('Answer').textContent()).toBe(expected.text);
      const shown = chat.getByRole('alert');
      if (error) {
        const text = (await shown.textContent()) ?? '';
        expect(text.startsWith(`${error.name}: `), text).toBe(true);
        expect(text).toMatch(error.message);
      } else {
        expect(await shown.count()).toBe(0);
        // Several bounds long in all, so only a bound on the silence between chunks lets it through.
        expect(expected.events * (dripMs ?? 0)).toBeGreaterThan(2 * streamIdleTimeoutMs);
      }

      const chatRequest = `POST ${app.url}v1/chat/completions: net::ERR_ABORTED`;
      if (error?.name === 'StreamIdleTimeoutError') {
        // The bound cancelled the body and the browser ended the request itself: the stream (and its billing) stops
        // rather than staying open behind a page that gave up on it.
        await expect.poll(() => app.problems.failedRequests.slice(failedBefore)).toEqual([chatRequest]);
        await screenshot('chat-stalled');
      }
      // The error event and the broken frame are followed by the end at once: the client's cancel may or may not
      // come before it, so the browser may report that one request as ended early. Nothing else may fail.
      const failed = app.problems.failedRequests.slice(failedBefore);
      expect(failed.filter((request) => !(error && request === chatRequest))).toEqual([]);
      expect(failed.length).toBeLessThanOrEqual(1);
      expect(app.problems.consoleErrors.slice(consoleErrorsBefore)).toEqual([]);
      expect(app.authorizationSent).toEqual([]);
      expect([...app.problems.requestsPastLoopback]).toEqual([]);
    });
  }
}
