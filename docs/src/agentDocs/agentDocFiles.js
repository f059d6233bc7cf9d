// Everything the docs build writes for AI tools, by path under the site's root: llms.txt, llms-full.txt, one
// Markdown page per guide and one per operation. Made from the document the HTML page renders, so both say the same.
import { specModelOf } from '@inference-infra/types/spec-model';
import { guidePagePath, guidesOf } from '../guides/guides.js';
import { specOperations } from '../specOperations.js';
import { llmsFullTxt, llmsTxt, operationPagePath } from './llmsTxt.js';
import { operationPage } from './operationPage.js';

/** An operationId becomes a file name: only characters that mean the same in every path and URL. */
const safeId = /^[A-Za-z0-9_-]+$/;

/**
 * The agent files of a built document (dist/openapi.json, or the one `serveDocs.js` points at other addresses).
 * @param {any} document
 * @returns {Map<string, string>} Path under the site's root (`llms.txt`, `operations/listInstanceTypes.md`) to text.
 */
export function agentDocFiles(document) {
  const model = specModelOf(document);
  const files = new Map();
  const pages = specOperations(document).map((sampled) => {
    if (!safeId.test(sampled.operationId)) {
      throw new Error(
        `spec: operationId "${sampled.operationId}" must match ${safeId} to name its Markdown page`,
      );
    }
    const page = operationPage(model, sampled);
    files.set(operationPagePath(sampled.operationId), page);
    return page;
  });
  for (const guide of guidesOf(document)) files.set(guidePagePath(guide), guide.markdown);
  files.set('llms.txt', llmsTxt(model));
  files.set('llms-full.txt', llmsFullTxt(model, pages));
  return files;
}
