/**
 * Prism answers with the first example of a response unless `Prefer: example=<name>` names another.
 * These operations have one named example per value of a request field, so the mock picks the one
 * that matches what the request asked for (OpenAI clients ask for base64 embeddings by default and decode them).
 */
const exampleChoosers: Record<string, (body: Record<string, unknown>) => string> = {
  '/embeddings': (body) => (body.encoding_format === 'base64' ? 'base64' : 'float'),
  '/images/generations': (body) => (body.response_format === 'b64_json' ? 'b64_json' : 'url'),
};

export function chooseExample(specPathname: string, body: unknown): string | undefined {
  const choose = exampleChoosers[specPathname];
  if (!choose || typeof body !== 'object' || body === null) return undefined;
  return choose(body as Record<string, unknown>);
}
