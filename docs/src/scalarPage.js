/**
 * Tables of the descriptions (the compatibility table of the introduction, any Markdown table) at the width of the
 * content column: Scalar lays them out at a fixed width no wider than the column and breaks words anywhere
 * (`word-break: break-word`), so "assumption" became "assumpti" over "on". Here a table wider than its column
 * scrolls sideways in a box of its own, with a scroll bar that shows (Scalar hides its own), and a cell wraps only
 * between words (and after a hyphen). `body` outranks Scalar's rules of the same selector, wherever its stylesheet lands in the page.
 */
export const readableTables = `
body .scalar-app .markdown table { display: block; overflow-x: auto; table-layout: auto; width: max-content; max-width: 100%; scrollbar-width: thin; scrollbar-color: var(--scalar-color-3) transparent; }
body .scalar-app .markdown td, body .scalar-app .markdown th { word-break: normal; overflow-wrap: normal; hyphens: manual; }
`;

/**
 * Code at the width of its box: Scalar's code blocks keep each line whole and scroll sideways with no visible bar, so a
 * long line (a curl command, an import) was cut at the box's edge for a reader with no trackpad. Here a line wraps, at
 * a space where it can and anywhere where it must, so every character shows at any width. On a phone, a heading's
 * "Copy link" button (shown on hover, which a phone has not) is left out: after a heading that fills its line, it ran
 * past the screen's edge and made the whole page scroll sideways.
 */
export const wrappedCode = `
@media (max-width: 600px) { body .scalar-app [class*="group/heading"] button { display: none; } }
body .scalar-app pre, body .scalar-app pre code, body .scalar-app .markdown pre code.hljs, body .scalar-app pre code span { white-space: pre-wrap; overflow-wrap: anywhere; }
`;

/**
 * The guides (the tags of the "Guides" group, docs/guides/) have no example column beside them, as an operation has:
 * their text and code take the width of the page, up to a line length that reads well.
 */
export const guideColumns = `
body .scalar-app [id$="/tag-group/guides"] .section-columns { display: block; }
body .scalar-app [id$="/tag-group/guides"] .section-column { width: 100%; max-width: 48rem; }
`;

/**
 * How the page configures Scalar's API reference (`@scalar/api-reference`, options as its
 * `@scalar/types/api-reference` types name them). Each setting that is not a look says why: the page must work
 * offline, request nothing past its own host and the API's, and forget the reader's key with the tab.
 */
export const scalarConfiguration = {
  // The bundle with x-codeSamples, served next to the page (the build writes it).
  url: './openapi.json',
  title: 'Inference and Infrastructure API',
  // Scalar's default fonts come from fonts.scalar.com; the system's fonts need no request.
  withDefaultFonts: false,
  telemetry: false,
  // The key a reader types into the client lives in memory only: not in localStorage, and gone with the tab.
  persistAuth: false,
  // The developer toolbar links to scalar.com (share, deploy, generate a client there); it shows on localhost.
  showDeveloperTools: 'never',
  // "Ask AI" sends the document to Scalar's service, and MCP points at it.
  agent: { disabled: true },
  mcp: { disabled: true },
  // Only our own x-codeSamples are shown, and each of them is run against the mock by the docs tests; Scalar's
  // generated snippets for other languages are not tested, and would show a key-in-the-URL style for some.
  hiddenClients: true,
  // Six operations: all of them open, so every one is in the page and in the search without a click.
  defaultOpenAllTags: true,
  documentDownloadType: 'json',
  customCss: `${readableTables}${wrappedCode}${guideColumns}`,
  // No proxyUrl, on purpose: requests go from the page straight to the API (the mock answers CORS). A proxy would
  // see the key, and Scalar's default one is on the internet.
};

/** The key of the mock that `scripts/start.sh` serves: public, and refused by any real deployment. */
export const localMockDemoKey = 'ii_live_mock';

/**
 * Scalar's authentication setting for a page served from this machine, whose console starts at the servers'
 * defaults, the local mock: the demo key fills the token field, so a first "Send" is answered. A page served from
 * anywhere else starts empty, as before.
 */
export const localMockAuthentication = {
  preferredSecurityScheme: 'bearerAuth',
  securitySchemes: { bearerAuth: { token: localMockDemoKey } },
};

/**
 * Makes an operation's code sample follow its request example: Scalar's example picker ("whole", "stream") changes
 * the body the console sends, but not our x-codeSamples, so picking "stream" left the whole answer's sample on show.
 * After a pick in an example list, each card whose example is the streamed one shows the "(stream)" sample of the same kind,
 * and each other card the plain one, by picking it in the card's sample list as a reader would. Plain browser
 * JavaScript, written into the page.
 */
export const samplesFollowExamples = `
function pickInList(button, label) {
  button.click();
  let tries = 0;
  const pick = () => {
    const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent.trim() === label);
    if (option) return option.click();
    if (++tries < 40) return setTimeout(pick, 25);
    button.click();
  };
  setTimeout(pick, 0);
}
function followExamples() {
  for (const examplePicker of document.querySelectorAll('[data-testid="example-picker"]')) {
    const card = examplePicker.closest('.request-card');
    if (!card) continue;
    const samplePicker = card.querySelector('[data-testid="client-picker"]');
    if (!samplePicker) continue;
    const shown = samplePicker.textContent.trim();
    const kind = shown.replace(/ \\(stream\\)$/, '');
    const wanted = /stream/i.test(examplePicker.textContent) ? kind + ' (stream)' : kind;
    if (shown !== wanted) pickInList(samplePicker, wanted);
  }
}
// Only a pick in an example list moves the sample: a reader who then picks another sample keeps it.
let lastList = '';
document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element)) return;
  const list = event.target.closest('[data-testid="example-picker"], [data-testid="client-picker"]');
  if (list) lastList = list.dataset.testid;
  else if (event.target.closest('[role="option"]') && lastList === 'example-picker') setTimeout(followExamples, 50);
}, true);
`;

/**
 * The whole page: Scalar's prebuilt browser bundle, served by the site itself, started with the configuration
 * above. `<link rel="icon" href="data:,">` keeps the browser from asking for /favicon.ico, whose 404 would be a
 * console error.
 * @param {{ scriptPath: string }} options Where the page loads Scalar's bundle from, relative to the page.
 * @returns {string}
 */
export function scalarPage({ scriptPath }) {
  // `<` escaped, so no value of the configuration can close the script element it is written into.
  const configuration = JSON.stringify(scalarConfiguration, null, 2).replace(/</g, '\\u003c');
  const authentication = JSON.stringify(localMockAuthentication).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${scalarConfiguration.title}</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <div id="app"></div>
    <script src="${scriptPath}"></script>
    <script>
      const configuration = ${configuration.replace(/\n/g, '\n      ')};
      if (['127.0.0.1', 'localhost', '[::1]'].includes(location.hostname)) {
        configuration.authentication = ${authentication};
      }
      Scalar.createApiReference('#app', configuration);
      ${samplesFollowExamples.trim().replace(/\n/g, '\n      ')}
    </script>
  </body>
</html>
`;
}
