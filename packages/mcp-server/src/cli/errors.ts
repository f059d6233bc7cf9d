/** A command line that cannot work: the CLI prints the sentence and exits 2. */
export class CliOptionError extends Error {
  override name = 'CliOptionError';
}
