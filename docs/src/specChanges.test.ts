import spec from '@inference-infra/spec/openapi.json' with { type: 'json' };
import {
  fixtureOperation as addedOperation,
  withReadOperation as withAddedOperation,
  withoutOperation,
  withRenamedOperation,
} from '@inference-infra/test-kit/specVariants';
import { describe, expect, it } from 'vitest';
import { agentDocFiles } from './agentDocs/agentDocFiles.js';
import { withAssumptionNotes } from './assumptionNotes.js';
import { withCodeSamples } from './samples/codeSamples.js';

// "Add an operation" (spec/README.md) on the docs: a changed copy of the bundle goes through the build's own steps,
// and the new operation has its page, its samples and its llms.txt line with no hand-written line; a renamed or
// removed one leaves nothing behind.

/** What the build writes for a document: its code samples added, then the agent files made from it. */
const built = (document: object) => {
  const withSamples = withCodeSamples(withAssumptionNotes(document));
  return { document: withSamples, files: agentDocFiles(withSamples) };
};

describe('the docs of a changed spec', () => {
  it('give an added operation its page, each client sample and its llms.txt entry', () => {
    const { document, files } = built(withAddedOperation(spec));
    const operation = document.paths[addedOperation.path].get;
    const samples = operation['x-codeSamples'].map((sample: { label: string; source: string }) => sample);
    expect(samples.map((sample: { label: string }) => sample.label)).toEqual([
      'curl',
      'fetch client',
      'React hook',
      'Vue',
      'Svelte',
      'Solid',
      'Angular',
    ]);
    expect(samples[1].source).toContain(`client.${addedOperation.clientMethod}('vol_01hx3k9q4m')`);
    expect(samples[2].source).toContain(`${addedOperation.hook}(`);
    // The fixture is a query with a path parameter: every framework's sample passes it.
    for (const sample of samples.slice(2))
      expect(sample.source, sample.label).toContain("id: 'vol_01hx3k9q4m'");
    const page = files.get(`operations/${addedOperation.operationId}.md`) ?? '';
    expect(page).toContain('Get a persistent volume');
    expect(page).toContain(`client.${addedOperation.clientMethod}(`);
    expect(files.get('llms.txt')).toContain(addedOperation.operationId);
    expect(files.get('llms-full.txt')).toContain(`client.${addedOperation.clientMethod}(`);
  });

  it('move a renamed operation to its new name and drop a removed one', () => {
    const renamed = built(withRenamedOperation(spec, 'listInstanceTypes', 'listGpuOffers')).files;
    expect(renamed.has('operations/listGpuOffers.md')).toBe(true);
    expect(renamed.has('operations/listInstanceTypes.md')).toBe(false);
    expect(renamed.get('operations/listGpuOffers.md')).toContain('client.instances.listTypes(');
    const removed = built(withoutOperation(spec, 'listBillingTransactions')).files;
    expect([...removed.keys()].filter((path) => path.includes('BillingTransactions'))).toEqual([]);
    expect(removed.get('llms.txt')).not.toContain('listBillingTransactions');
  });
});
