/** A command line that cannot work: the CLI prints the sentence and exits 2. */
export class CliOptionError extends Error {
  override name = 'CliOptionError';
}

/** The server cannot start as asked (no key, a port that cannot be had): the CLI prints the sentence and exits 2. */
export class StartError extends Error {
  override name = 'StartError';
}
