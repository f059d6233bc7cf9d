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
 * Where the catalogue and the READMEs disagree: a block with no entry or more than one, an entry that names no block
 * or several. `catalogue.test.ts` fails on any; the other tests go on with the blocks that are classified.
 */
export function catalogueProblems(blocks: ReadmeBlock[] = allReadmeBlocks()): string[] {
  const problems: string[] = [];
  for (const entry of blockCatalogue) {
    const matched = blocksOfEntry(entry, blocks);
    if (matched.length !== 1) {
      problems.push(
        `the catalogue entry for ${entry.file} containing ${JSON.stringify(entry.contains)} matches ${matched.length} blocks (${matched.map(blockName).join(', ') || 'none'}): it must match exactly one`,
      );
    }
  }
  for (const block of blocks) {
    const entries = blockCatalogue.filter((entry) => blocksOfEntry(entry, [block]).length === 1);
    if (entries.length === 0) {
      problems.push(
        `${blockName(block)} is in no entry of src/blockCatalogue.ts: say how it is tested (run, type-checked, or listed with the reason), starting ${JSON.stringify(block.value.slice(0, 60))}`,
      );
    } else if (entries.length > 1) {
      problems.push(`${blockName(block)} is named by ${entries.length} entries of src/blockCatalogue.ts`);
    }
  }
  return problems;
}

let classified: ClassifiedBlock[] | undefined;

/** Every README block that exactly one catalogue entry names, with that entry's test. */
export function classifiedBlocks(): ClassifiedBlock[] {
  classified ??= allReadmeBlocks().flatMap((block) => {
    const entries = blockCatalogue.filter((entry) => blocksOfEntry(entry, [block]).length === 1);
    const [entry] = entries;
    if (!entry || entries.length > 1) return [];
    const slug = `${block.file.replace(/\.md$/, '').replaceAll(/[^A-Za-z0-9]+/g, '-')}-L${block.line}`;
    return [{ ...block, test: entry.test, slug }];
  });
  return classified;
}
