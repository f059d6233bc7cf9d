import type { Page } from 'playwright-core';

/**
 * What makes a table of the page unreadable at the page's width, one sentence each: a table wider than its column
 * with no box that scrolls it sideways, or a word of a cell broken across two lines ("assumpti" over "on"). A break
 * after a hyphen is a break between words (`chat-no-tools`); one inside a word is not. Tables not displayed are left
 * out; `checked` says how many were looked at, so a page without tables cannot pass for a readable one.
 */
export async function unreadableTables(page: Page): Promise<{ checked: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    let checked = 0;
    for (const [index, table] of [...document.querySelectorAll('table')].entries()) {
      if (table.getClientRects().length === 0) continue;
      checked += 1;
      const name = `table ${index + 1} ("${(table.querySelector('th, td')?.textContent ?? '').trim().slice(0, 30)}")`;
      const column = table.parentElement;
      const width = table.getBoundingClientRect().width;
      if (column && width > column.clientWidth + 1)
        problems.push(`${name} is ${Math.round(width)} px wide in a column of ${column.clientWidth} px`);
      // No helper function in here: a bundler's name-keeping wrapper would not exist in the page.
      if (
        table.scrollWidth > table.clientWidth + 1 &&
        !['auto', 'scroll'].includes(getComputedStyle(table).overflowX)
      )
        problems.push(
          `${name} holds ${table.scrollWidth} px in ${table.clientWidth} px with no sideways scroll`,
        );
      for (const cell of table.querySelectorAll('th, td')) {
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          // A word, with the hyphen it may end with: a line may end after the hyphen.
          for (const word of (node.textContent ?? '').matchAll(/[^\s-]+-?/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom / 4)));
            if (lines.size > 1) problems.push(`${name}: "${word[0]}" is broken across ${lines.size} lines`);
          }
        }
      }
    }
    return { checked, problems };
  });
}
