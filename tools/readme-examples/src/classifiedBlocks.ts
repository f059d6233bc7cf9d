import { type BlockTest, blockCatalogue, type CatalogueEntry } from './blockCatalogue.js';
import { allReadmeBlocks, blockName, type ReadmeBlock } from './readmeBlocks.js';

export interface ClassifiedBlock extends ReadmeBlock {
  test: BlockTest;
  /** A file name for the block's generated copies: `packages-fetch-client-README-L16`. */
  slug: string;
}

/** The blocks a catalogue entry names. */
export function blocksOfEntry(entry: CatalogueEntry, blocks: ReadmeBlock[]): ReadmeBlock[] {
  return blocks.filter((block) => block.file === entry.file && block.value.includes(entry.contains));
}

/**
 * Every README block with its test. Throws, naming them, when a block has no entry or more than one, or when an entry
 * names no block or several: the catalogue and the READMEs must agree before anything else is tested.
 */
export function classifiedBlocks(): ClassifiedBlock[] {
  const blocks = allReadmeBlocks();
  const problems: string[] = [];
  for (const entry of blockCatalogue) {
    const matched = blocksOfEntry(entry, blocks);
    if (matched.length !== 1) {
      problems.push(
        `the catalogue entry for ${entry.file} containing ${JSON.stringify(entry.contains)} matches ${matched.length} blocks (${matched.map(blockName).join(', ') || 'none'}): it must match exactly one`,
      );
    }
  }
  const classified = blocks.map((block) => {
    const entries = blockCatalogue.filter((entry) => blocksOfEntry(entry, [block]).length === 1);
    if (entries.length !== 1) {
      problems.push(
        entries.length === 0
          ? `${blockName(block)} is in no entry of src/blockCatalogue.ts: say how it is tested (run, type-checked, or listed with the reason), starting ${JSON.stringify(block.value.slice(0, 60))}`
          : `${blockName(block)} is named by ${entries.length} entries of src/blockCatalogue.ts`,
      );
    }
    const slug = `${block.file.replace(/\.md$/, '').replaceAll(/[^A-Za-z0-9]+/g, '-')}-L${block.line}`;
    return { ...block, test: entries[0]?.test ?? { kind: 'listed', reason: 'unclassified' }, slug };
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return classified;
}
