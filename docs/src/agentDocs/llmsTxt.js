// llms.txt (https://llmstxt.org): the API in one page for AI tools, an H1, a blockquote summary, notes without
// headings, then sections that are lists of links.
import { errorStatusTypes, pointerOf, surfaceOfServerUrl } from '@inference-infra/types/spec-model';
import { guidePagePath, guidesOf } from '../guides/guides.js';
import { cellText, codeBlock, codeSpan, firstSentence, table } from './markdownText.js';
import { resolved, shapeText } from './schemaText.js';

/** Where the page of an operation is, relative to llms.txt at the site's root. */
export const operationPagePath = (/** @type {string} */ operationId) => `operations/${operationId}.md`;

/**
 * The two base addresses, each with its variable, default and description.
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 */
function addressLines(model) {
  const servers = /** @type {any[]} */ (model.document.servers ?? []).map(
    (server) => resolved(model.document, server).schema,
  );
  return servers.map((server) => {
    const [variable, { default: address }] = Object.entries(server.variables ?? {})[0] ?? ['', {}];
    const surface = surfaceOfServerUrl(server.url) ?? variable;
    return `- ${surface}: ${codeSpan(server.url)}, by default ${codeSpan(address)}. ${cellText(server.description)}`;
  });
}

/**
 * The error body every failure answers, with the `error.type` of each status, from the spec's own error responses.
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 */
function errorsText(model) {
  /** @type {Map<string, any>} */
  const bodies = new Map();
  /** @type {Map<number, string>} */
  const descriptions = new Map();
  for (const operation of model.operations) {
    for (const response of Object.values(operation.responses)) {
      const status = Number(response.status);
      if (!(status >= 400)) continue;
      const media = response.content['application/json'];
      if (media) bodies.set(media.schemaPointer, media.schema);
      if (!descriptions.has(status)) {
        const pointer = pointerOf(
          'paths',
          operation.path,
          operation.method.toLowerCase(),
          'responses',
          response.status,
        );
        descriptions.set(status, cellText(model.resolve(pointer).value.description));
      }
    }
  }
  if (bodies.size !== 1) {
    throw new Error(`spec: failures answer ${bodies.size} different bodies; llms.txt describes exactly one`);
  }
  const [pointer, schema] = /** @type {[string, any]} */ ([...bodies][0]);
  const rows = [...errorStatusTypes(model)].map(([status, type]) => [
    String(status),
    codeSpan(type),
    descriptions.get(status) ?? '',
  ]);
  return [
    `Errors: every failure of both base addresses answers the same JSON body, ${codeSpan(pointer.split('/').pop() ?? '')}, with the \`X-Request-Id\` header:`,
    codeBlock('text', shapeText(model.document, schema)),
    table(['status', 'error.type', 'when'], rows),
  ].join('\n\n');
}

/**
 * What llms.txt and llms-full.txt open with: the title, the summary, and the API in a few lines (addresses, auth,
 * errors), all from the spec.
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 */
export function apiPreface(model) {
  const info = /** @type {any} */ (model.document.info);
  const schemes = /** @type {Record<string, any>} */ (
    /** @type {any} */ (model.document.components)?.securitySchemes ?? {}
  );
  const bearer = Object.values(schemes).find(
    (scheme) => scheme.type === 'http' && scheme.scheme === 'bearer',
  );
  if (!bearer) throw new Error('spec: no bearer security scheme; llms.txt names how to authenticate');
  return [
    `# ${info.title}`,
    `> ${cellText(info.summary ?? firstSentence(info.description))}`,
    `One API on two base addresses, with one bearer API key for both. Each operation names its base address; a request goes to that address followed by the operation's path.`,
    addressLines(model).join('\n'),
    `Auth: ${cellText(bearer.description)}`,
    errorsText(model),
  ].join('\n\n');
}

/**
 * The packages a program uses, with the line that installs them: what an AI tool writing code for a user needs first.
 */
const packagesText = [
  'Packages (npm; Node 20.19 or later). Run TypeScript samples with tsx (`npx tsx first.mts`) or your bundler. The TypeScript client reads `INFERENCE_INFRA_API_KEY`, `INFERENCE_INFRA_BASE_URL` and `INFERENCE_INFRA_PLATFORM_URL`:',
  [
    '- `npm install @inference-infra/fetch-client`: the typed client for both base addresses (typed errors such as `RateLimitError`, retries, `for await` over pages and streams)',
    '- `npm install @inference-infra/react-hooks @inference-infra/fetch-client @tanstack/react-query`: TanStack Query hooks for React',
    '- `npm install @inference-infra/query-core @inference-infra/fetch-client @tanstack/query-core`: the same queries for Vue, Solid, Svelte, Angular or no framework',
    '- `npm install --save-dev @inference-infra/mock-server`: a stateful simulator of the API (HTTP, in process, MSW)',
    '- `npx -y -p @inference-infra/mcp-server inference-infra-mcp`: the API as MCP tools for AI agents',
    "- `npx -p @inference-infra/contract-tests inference-infra-contract-tests`: checks that a deployment keeps the API's promises",
  ].join('\n'),
].join('\n\n');

/**
 * A guide as llms-full.txt holds it: its headings one level down, under its own H2.
 * @param {import('../guides/guides.js').Guide} guide
 */
function guideText(guide) {
  const body = guide.body.replace(/^(```[\s\S]*?^```)|^(#+) /gm, (_match, fence, hashes) =>
    fence ? fence : `#${hashes} `,
  );
  return `## Guide: ${guide.title}\n\n${body}`;
}

/**
 * llms.txt: the preface, then every operation linked to its Markdown page with its method, address and what it does,
 * then the optional files.
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 * @returns {string}
 */
export function llmsTxt(model) {
  const links = model.operations.map((operation) => {
    const raw = /** @type {any} */ (model.document.paths)[operation.path][operation.method.toLowerCase()];
    const what = firstSentence(raw.description) || operation.summary || '';
    return `- [${operation.summary ?? operation.operationId}](${operationPagePath(operation.operationId)}): ${codeSpan(`${operation.method} ${operation.server.url}${operation.path}`)}. ${what}`;
  });
  const guides = guidesOf(model.document).map(
    (guide) =>
      `- [${guide.title}](${guidePagePath(guide)}): ${firstSentence(guide.body.split(/\n\s*\n/)[0] ?? '')}`,
  );
  return `${[
    apiPreface(model),
    packagesText,
    ...(guides.length > 0 ? ['## Guides', guides.join('\n')] : []),
    '## Operations',
    links.join('\n'),
    '## Optional',
    [
      '- [Every guide and operation page in one file](llms-full.txt): the pages above, concatenated',
      '- [OpenAPI document](openapi.json): the bundled OpenAPI 3.1 document, with the code samples as `x-codeSamples`',
      '- [API reference](index.html): the HTML site, with a console that sends requests',
    ].join('\n'),
  ].join('\n\n')}\n`;
}

/**
 * llms-full.txt: the preface, then every operation's page, in the spec's order.
 * @param {import('@inference-infra/types/spec-model').SpecModel} model
 * @param {string[]} pages
 */
export function llmsFullTxt(model, pages) {
  const guides = guidesOf(model.document).map((guide) => guideText(guide));
  return `${[apiPreface(model), packagesText, ...guides, ...pages.map((page) => page.trimEnd())].join('\n\n')}\n`;
}
