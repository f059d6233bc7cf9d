import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinProcess, startBin } from '../test/stdioProcess.js';

const require = createRequire(import.meta.url);
const read = (specifier: string) => readFileSync(require.resolve(specifier), 'utf8');

describe('the spec resources, read from the built bin over stdio (what the package ships)', () => {
  let bin: BinProcess;
  beforeAll(async () => {
    bin = await startBin(['--simulator']);
  });
  afterAll(() => bin.close());

  it('lists the bundled spec (JSON and YAML) and ASSUMPTIONS.md, each with its mime type', async () => {
    const { resources } = await bin.client.listResources();
    expect(resources.map(({ uri, mimeType }) => ({ uri, mimeType }))).toEqual([
      { uri: 'inference-infra://spec/openapi.json', mimeType: 'application/json' },
      { uri: 'inference-infra://spec/openapi.yaml', mimeType: 'application/yaml' },
      { uri: 'inference-infra://spec/ASSUMPTIONS.md', mimeType: 'text/markdown' },
    ]);
    for (const resource of resources) expect(resource.description, resource.uri).toBeTruthy();
  });

  it('reads each as the exact text of its source: the types package bundle, and spec/ASSUMPTIONS.md', async () => {
    const sources: Record<string, string> = {
      'inference-infra://spec/openapi.json': read('@inference-infra/types/openapi.json'),
      'inference-infra://spec/openapi.yaml': read('@inference-infra/types/openapi.yaml'),
      'inference-infra://spec/ASSUMPTIONS.md': read('@inference-infra/spec/ASSUMPTIONS.md'),
    };
    for (const [uri, text] of Object.entries(sources)) {
      const { contents } = await bin.client.readResource({ uri });
      expect(contents, uri).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri, text });
    }
    const { contents } = await bin.client.readResource({ uri: 'inference-infra://spec/openapi.json' });
    const [content] = contents;
    const spec = JSON.parse(content && 'text' in content ? content.text : '');
    expect(spec.openapi).toMatch(/^3\.1/);
    expect(Object.keys(spec.paths).length).toBeGreaterThan(0);
  });

  it('answers an unknown resource with a protocol error naming the ones it has', async () => {
    await expect(bin.client.readResource({ uri: 'inference-infra://spec/secrets.txt' })).rejects.toThrow(
      /Unknown resource: inference-infra:\/\/spec\/secrets\.txt \(resources: inference-infra:\/\/spec\/openapi\.json/,
    );
    await expect(bin.client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/Unknown resource/);
  });
});
