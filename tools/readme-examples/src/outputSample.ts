/**
 * Whether `output` holds a README's sample of it, line by line in order: a line `...` stands for any lines, a line
 * ending with `...` for a line that starts with what comes before it, and any other line for itself. Undefined when
 * it does; else what is missing and where.
 */
export function matchesSample(sample: string, output: string): string | undefined {
  const lines = output.split('\n');
  let at = 0;
  let skipping = false;
  for (const line of sample.split('\n')) {
    if (line === '...') {
      skipping = true;
      continue;
    }
    const matches = (candidate: string) =>
      line.endsWith('...') ? candidate.startsWith(line.slice(0, -3)) : candidate === line;
    const found = skipping ? lines.findIndex((candidate, index) => index >= at && matches(candidate)) : at;
    if (found < 0 || found >= lines.length || !matches(lines[found] ?? '')) {
      return `no line ${JSON.stringify(line)} where the sample puts it (output line ${at + 1} on: ${JSON.stringify(lines[at])})`;
    }
    at = found + 1;
    skipping = false;
  }
  return undefined;
}
