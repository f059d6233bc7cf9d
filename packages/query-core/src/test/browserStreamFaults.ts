import { type StreamFaultScenario, streamFaultScenarios } from '@inference-infra/test-kit/streamFaults';
import type { Locator } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { pageKeyOf, type RunningApp } from './browserApp.js';
import { streamedText } from './streamedText.js';

// Two dripped answers (the chat's and the query's) take seconds of their own, two page loads and the simulator's
// answers for comparison more; a busy CI machine runs three Chromium suites beside this one.
const faultTestTimeoutMs = 45_000;

/**
 * The stream faults of the shared table (`@inference-infra/test-kit/streamFaults`), each in the app's chat and in its
 * streamed query: the page is opened again with the fault in its address (`?fault=` becomes the client's
 * `X-Simulate` header, `?streamIdleTimeoutMs=` its bound; see `browser-apps/shared/pageClient.ts`), each section is
 * started, and must show where its stream ended, the text that arrived before the fault and the error's class name
 * and message; nothing may fail but the streams themselves.
 */
export function itsOfStreamFaults(
  appOf: () => RunningApp,
  name: string,
  screenshot: (label: string, region: string) => Promise<void>,
): void {
  for (const scenario of streamFaultScenarios) {
    const { title, fault, streamIdleTimeoutMs, error } = scenario;
    const ending = error ? `error with ${error.name}` : 'success';
    it(
      `shows ${title} as ${ending} in the chat and the streamed query, the text that arrived kept`,
      async () => {
        const app = appOf();
        const failedBefore = app.problems.failedRequests.length;
        const consoleErrorsBefore = app.problems.consoleErrors.length;
        await app.page.goto(
          `${app.url}?${new URLSearchParams({ fault, streamIdleTimeoutMs: `${streamIdleTimeoutMs}` })}`,
        );

        const chat = app.page.getByRole('region', { name: 'Chat, streamed' });
        await chat.getByRole('button', { name: 'Send' }).click();
        await chat.locator(`[data-status="${error ? 'error' : 'success'}"]`).waitFor();
        await expectShown(chat, scenario, name);

        // A streamed query is `success` from its first event and fetching until the stream ends.
        const query = app.page.getByRole('region', { name: 'Chat, as a streamed query' });
        await query.getByRole('button', { name: 'Start' }).click();
        await query
          .locator(`[data-status="${error ? 'error' : 'success'}"][data-fetch-status="idle"]`)
          .waitFor();
        await expectShown(query, scenario, name);

        const chatRequest = `POST ${app.url}v1/chat/completions: net::ERR_ABORTED`;
        if (error?.name === 'StreamIdleTimeoutError') {
          // The bound cancelled the body and the browser ended the request itself: the stream (and its billing) stops
          // rather than staying open behind a page that gave up on it.
          await expect
            .poll(() => app.problems.failedRequests.slice(failedBefore))
            .toEqual([chatRequest, chatRequest]);
          await screenshot('chat-stalled', 'Chat, streamed');
        }
        // The error event and the broken frame are followed by the end at once: the client's cancel may or may not
        // come before it, so the browser may report those requests as ended early. Nothing else may fail.
        const failed = app.problems.failedRequests.slice(failedBefore);
        expect(failed.filter((request) => !(error && request === chatRequest))).toEqual([]);
        expect(failed.length).toBeLessThanOrEqual(2);
        expect(app.problems.consoleErrors.slice(consoleErrorsBefore)).toEqual([]);
        expect(app.authorizationSent).toEqual([]);
        expect([...app.problems.requestsPastLoopback]).toEqual([]);
      },
      faultTestTimeoutMs,
    );
  }
}

/** The section shows the text of the events that arrived, and the error's class name and message when it failed. */
async function expectShown(section: Locator, scenario: StreamFaultScenario, name: string): Promise<void> {
  const { eventsKept, dripMs, streamIdleTimeoutMs, error } = scenario;
  const prompt = await section.getByLabel('Prompt').inputValue();
  const expected = await streamedText(inject('mockBaseUrl'), pageKeyOf(name), prompt, eventsKept);
  expect(expected.text.length).toBeGreaterThan(0);
  expect(await section.getByLabel('Answer').textContent()).toBe(expected.text);
  const shown = section.getByRole('alert');
  if (error) {
    const text = (await shown.textContent()) ?? '';
    expect(text.startsWith(`${error.name}: `), text).toBe(true);
    expect(text).toMatch(error.message);
  } else {
    expect(await shown.count()).toBe(0);
    // Several bounds long in all, so only a bound on the silence between chunks lets it through.
    expect(expected.events * (dripMs ?? 0)).toBeGreaterThan(2 * streamIdleTimeoutMs);
  }
}
