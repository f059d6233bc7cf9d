/**
 * Redoc 3 draws its "API docs by" logo in the sidebar from cdn.redoc.ly, with no option to turn it off. These are
 * small stand-ins, as data: addresses so they work at any page address and inside the script's template literals.
 * @type {ReadonlyMap<string, string>}
 */
export const redocLogoStandIns = new Map([
  ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', svgDataUrl(64, 'Redoc')],
  ['https://cdn.redoc.ly/redoc/logo-mini.svg', svgDataUrl(16, 'R')],
]);

/**
 * A one-word logo in the Redoc blue. Everything is percent-encoded, so the result holds no quote, backtick or `<`
 * that could end the attribute, template literal or script it is pasted into.
 * @param {number} width
 * @param {string} word
 */
function svgDataUrl(width, word) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16">` +
    `<text x="0" y="13" font-family="sans-serif" font-size="14" font-weight="700" fill="#0044D4">${word}</text>` +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg).replace(/'/g, '%27')}`;
}

/**
 * Points the built page's remote Redoc assets at local stand-ins, so the page makes no request past its own host.
 * Throws when an address is missing: a new Redoc may load other remote assets, and whoever upgrades must look again.
 * @param {string} html The page `redocly build-docs --inlineBundle` wrote.
 * @returns {string}
 */
export function localizeRedocAssets(html) {
  let result = html;
  for (const [remoteUrl, standIn] of redocLogoStandIns) {
    if (!result.includes(remoteUrl)) {
      throw new Error(
        `The built page no longer contains ${remoteUrl}. Redoc changed: check in the docs test which remote ` +
          'requests the page makes now, and update src/localizeRedocAssets.js.',
      );
    }
    result = result.replaceAll(remoteUrl, standIn);
  }
  return result;
}
