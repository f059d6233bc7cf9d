import type { BrowserContext, Page } from 'playwright-core';

/** Everything a page did that a browser test expects never to happen: each must stay empty. */
export interface PageProblems {
  /** A set: the route and the request listener both see a routed request. */
  requestsPastLoopback: Set<string>;
  failedRequests: string[];
  consoleErrors: string[];
}

export function createPageProblems(): PageProblems {
  return { requestsPastLoopback: new Set(), failedRequests: [], consoleErrors: [] };
}

export function isOnLoopback(address: string): boolean {
  const url = new URL(address);
  // Inline content (an inlined logo, a generated image) never leaves the page.
  if (url.protocol === 'data:') return true;
  // A blob: address has an empty hostname; the origin that made it is what counts.
  const hostname = url.protocol === 'blob:' ? new URL(url.origin).hostname : url.hostname;
  return hostname === '127.0.0.1';
}

/**
 * Aborts every request of `context` past 127.0.0.1 and records it, so a regression is reported by a test instead
 * of being sent anywhere.
 */
export async function blockRequestsPastLoopback(
  context: BrowserContext,
  problems: PageProblems,
): Promise<void> {
  await context.route('**/*', (route) => {
    if (isOnLoopback(route.request().url())) return route.continue();
    problems.requestsPastLoopback.add(route.request().url());
    return route.abort('blockedbyclient');
  });
}

/**
 * Records what `page` does wrong into `problems`: requests and websockets past loopback, failed requests, answers
 * of 400 and above, console errors and uncaught exceptions.
 */
export function recordPageProblems(page: Page, problems: PageProblems): void {
  page.on('request', (request) => {
    if (!isOnLoopback(request.url())) problems.requestsPastLoopback.add(request.url());
  });
  page.on('websocket', (socket) => {
    if (!isOnLoopback(socket.url())) problems.requestsPastLoopback.add(socket.url());
  });
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`uncaught: ${error.message}`));
}
