import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';

const require = createRequire(import.meta.url);

interface SpecResource {
  resource: Resource;
  /** Where the text is, read at each `resources/read` (nothing is read for a server that is never asked). */
  path: () => string;
}

/**
 * What an agent may read besides the tools: the API's bundled spec, from `@inference-infra/types` (the same document
 * the tools are made from), and the toolkit's assumptions, where the service says nothing. ASSUMPTIONS.md lives in the
 * private spec package, so the build copies it into this package's dist/ (scripts/copyAssumptions.mjs), which `files`
 * ships.
 */
export const specResources: readonly SpecResource[] = [
  {
    resource: {
      uri: 'inference-infra://spec/openapi.json',
      name: 'openapi.json',
      title: 'OpenAPI 3.1 spec of the Inference and Infrastructure API',
      description:
        'The bundled spec the tools are generated from: every operation, parameter, body, answer and error, with examples.',
      mimeType: 'application/json',
    },
    path: () => require.resolve('@inference-infra/types/openapi.json'),
  },
  {
    resource: {
      uri: 'inference-infra://spec/openapi.yaml',
      name: 'openapi.yaml',
      title: 'OpenAPI 3.1 spec of the Inference and Infrastructure API (YAML)',
      description: 'The same bundled spec as openapi.json, in YAML.',
      mimeType: 'application/yaml',
    },
    path: () => require.resolve('@inference-infra/types/openapi.yaml'),
  },
  {
    resource: {
      uri: 'inference-infra://spec/ASSUMPTIONS.md',
      name: 'ASSUMPTIONS.md',
      title: 'What the toolkit assumes where the service says nothing',
      description:
        'Each `x-assumption` of the spec with its reason, and the table of what each field of OpenAI-style clients gets.',
      mimeType: 'text/markdown',
    },
    path: () => fileURLToPath(new URL('../ASSUMPTIONS.md', import.meta.url)),
  },
];

/** Lists the spec resources and answers `resources/read` of them; an unknown URI is a protocol error naming them. */
export function registerSpecResources(server: Server): void {
  server.registerCapabilities({ resources: { listChanged: false } });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: specResources.map(({ resource }) => resource),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const found = specResources.find(({ resource }) => resource.uri === uri);
    if (!found) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown resource: ${uri.slice(0, 200)} (resources: ${specResources.map(({ resource }) => resource.uri).join(', ')})`,
      );
    }
    const text = await readFile(found.path(), 'utf8');
    return { contents: [{ uri, mimeType: found.resource.mimeType, text }] };
  });
}
