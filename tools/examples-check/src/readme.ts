import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleDir } from './examples.ts';

/** The fenced blocks of an example's README, with their language. */
export function readmeBlocks(name: string): { lang: string; value: string }[] {
  const text = readFileSync(join(exampleDir(name), 'README.md'), 'utf8');
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    lang: match[1] ?? '',
    value: match[2] ?? '',
  }));
}

/** The commands of the README's shell blocks, one a line, without their comments. */
export function commandsOf(name: string): string[] {
  return readmeBlocks(name)
    .filter((block) => block.lang === 'sh')
    .flatMap((block) => block.value.split('\n'))
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The README's command that `pattern` matches: the test runs what the README shows, or fails naming what is gone. */
export function readmeCommand(name: string, pattern: RegExp): string {
  const found = commandsOf(name).filter((command) => pattern.test(command));
  if (found.length !== 1) {
    throw new Error(`examples/${name}/README.md shows ${found.length} commands matching ${pattern}, not one`);
  }
  return found[0] as string;
}

/** The README's sample of what a command prints (its `text` block). */
export function sampleOutput(name: string): string {
  const [sample, ...others] = readmeBlocks(name).filter((block) => block.lang === 'text');
  if (!sample || others.length > 0) throw new Error(`examples/${name}/README.md has no single text block`);
  return sample.value;
}

/**
 * Whether `output` is what `sample` shows: line by line, where a line `...` stands for any number of lines and `...`
 * inside a line for any text. Returns the first sample line that found no match, or undefined.
 */
export function sampleMismatch(sample: string, output: string): string | undefined {
  const lines = sample.trimEnd().split('\n');
  if (matches(lines, output)) return undefined;
  // The line after the longest start of the sample that the output holds is the one that breaks it.
  for (let count = lines.length - 1; count > 0; count -= 1) {
    if (matches([...lines.slice(0, count), '...'], output)) return lines[count];
  }
  return lines[0];
}

function matches(lines: string[], output: string): boolean {
  const pattern = lines
    .map((line) =>
      line === '...' ? '(?:[^\\n]*\\n)*?' : `${line.split('...').map(escaped).join('[^\\n]*')}\\n`,
    )
    .join('');
  return new RegExp(`^${pattern}$`).test(`${output.trimEnd()}\n`);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
