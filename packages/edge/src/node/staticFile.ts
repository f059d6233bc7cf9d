import { checkPath } from '../requestTarget.js';

/**
 * The file a static server may send for a request path: found by its real path (symlinks resolved), and only when
 * that lies inside the real path of `rootDir`, so a link in the folder cannot hand out a file outside it. Paths the
 * edge refuses (`..`, `\`, `//`...) find nothing. `index.html` stands for a folder.
 */
export async function staticFileFor(rootDir: string, pathname: string): Promise<string | undefined> {
  if (checkPath(pathname) !== undefined) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  // Loaded here, not at the top: a bundle of this entry for code that never serves files (fetch-client's route, for
  // edge runtimes without a file system) then keeps no import of `node:fs` once the unused function is shaken out.
  const [{ realpath, stat }, { sep }] = await Promise.all([import('node:fs/promises'), import('node:path')]);
  try {
    const root = await realpath(rootDir);
    const wanted = `${root}${relative.endsWith('/') ? `${relative}index.html` : relative}`.replaceAll(
      '/',
      sep,
    );
    let real = await realpath(wanted);
    if ((await stat(real)).isDirectory()) real = await realpath(`${real}${sep}index.html`);
    if (real !== root && !real.startsWith(`${root}${sep}`)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}
