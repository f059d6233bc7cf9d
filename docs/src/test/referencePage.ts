import type { Locator, Page } from 'playwright-core';
import type { SpecOperation } from '../specOperations.js';

/**
 * How the docs test uses Scalar's reference the way a reader does. Scalar mounts an operation's section only when
 * it nears the viewport, so each step goes through the sidebar, which is always there.
 */

/** The operation's section; Scalar's anchors are `<document slug>/tag/<tag>/<METHOD><path>`. */
export function operationSection(page: Page, operation: SpecOperation): Locator {
  return page.locator(
    `section[id$="/tag/${operation.tag.toLowerCase()}/${operation.method}${operation.path}"]`,
  );
}

/** Clicks the operation in the sidebar and waits for its section, with its summary, to be on screen. */
export async function openOperation(page: Page, operation: SpecOperation): Promise<Locator> {
  // The sidebar comes first in the page, so its entry is the first element with the summary as its whole text.
  await page.getByText(operation.summary, { exact: true }).first().click();
  const section = operationSection(page, operation);
  await section.getByRole('heading', { name: operation.summary }).waitFor({ state: 'visible' });
  return section;
}

/** Opens the operation's "Test Request" client, Scalar's built-in console, as a dialog. */
export async function openTryIt(page: Page, operation: SpecOperation): Promise<Locator> {
  const section = await openOperation(page, operation);
  await section.getByRole('button', { name: 'Test Request' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Send \w+ request to/ }).waitFor({ state: 'visible' });
  return dialog;
}

/**
 * Types the key, optionally replaces the request body (JSON, as a reader edits it in the body editor), and sends.
 * Resolves once the dialog shows the answer's status.
 */
export async function sendFromTryIt(
  page: Page,
  dialog: Locator,
  { apiKey, body }: { apiKey: string; body?: unknown },
): Promise<void> {
  if (body !== undefined) {
    await dialog.locator('.cm-content').filter({ hasText: '"' }).first().click();
    await page.keyboard.press('ControlOrMeta+a');
    // insertText, not type: the editor would close every bracket and quote typed one key at a time.
    await page.keyboard.insertText(JSON.stringify(body, null, 2));
  }
  await dialog.getByPlaceholder('Token').fill(apiKey);
  await dialog.getByRole('button', { name: /^Send \w+ request to/ }).click();
  await dialog
    .getByText(/^\d{3} [A-Za-z ]+$/)
    .first()
    .waitFor({ state: 'visible' });
}

/** Closes the client dialog, back to the reference. */
export async function closeTryIt(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** Everything a page could keep a typed key in, as text: web storage, cookies and IndexedDB records. */
export async function storedByPage(page: Page): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const records: unknown[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of database.objectStoreNames) {
        const all = database.transaction(store).objectStore(store).getAll();
        records.push(
          await new Promise((resolve, reject) => {
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => reject(all.error);
          }),
        );
      }
      database.close();
    }
    return { localStorage: { ...localStorage }, sessionStorage: { ...sessionStorage }, records };
  });
  const cookies = await page.context().cookies();
  return JSON.stringify({ ...inPage, cookies });
}
