// What scripts/start.sh prints once everything answers: where each server is, the demo key, and the one `export`
// line that points every client, sample and guide at this mock (the fetch client, the MCP server and the contract
// CLI read those three variables).

/**
 * @param {{ baseUrl: string, platformUrl: string, docs: number, playground: number, registry?: number,
 *   demoKey: string }} where
 * @returns {string}
 */
export function startSummary({ baseUrl, platformUrl, docs, playground, registry, demoKey }) {
  const registryLine =
    registry === undefined
      ? ''
      : `\n  npm registry             http://127.0.0.1:${registry}/   (our packages; any other is fetched from npm)`;
  const installLine =
    registry === undefined
      ? ''
      : `\nInstall by name, in any folder: npm install @inference-infra/fetch-client --registry http://127.0.0.1:${registry}`;
  return `
Ready. Ctrl+C stops them all.
  inference base address   ${baseUrl}   (OpenAI-style clients: baseURL)
  platform base address    ${platformUrl}
  API reference (docs)     http://127.0.0.1:${docs}/
  playground               http://127.0.0.1:${playground}/${registryLine}
  demo key                 ${demoKey}   (the only key this mock accepts; any other gets 401)
Point the clients, samples and guides at it, in another terminal:
  ${exportLine({ apiKey: demoKey, baseUrl, platformUrl })}
Try: curl -H 'Authorization: Bearer ${demoKey}' '${platformUrl}/api/v1/instances/types?gpu_type=H100'${installLine}`;
}

/**
 * The `export` line of the three variables the clients read.
 * @param {{ apiKey: string, baseUrl: string, platformUrl: string }} values
 */
export function exportLine({ apiKey, baseUrl, platformUrl }) {
  return `export INFERENCE_INFRA_API_KEY=${apiKey} INFERENCE_INFRA_BASE_URL=${baseUrl} INFERENCE_INFRA_PLATFORM_URL=${platformUrl}`;
}
