// The task guides (docs/guides/*.md): read once by the build, shown on the site as tags of their own (a sidebar group
// before the reference), copied beside llms.txt as Markdown, and run by the docs tests (guides.run.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the guides are written, one Markdown file each, in reading order by their number. */
export const guidesDir = fileURLToPath(new URL('../../guides/', import.meta.url));

/**
 * @typedef {object} Guide
 * @property {string} slug The title in lower case, hyphens between words: `errors`, `retries-and-rate-limits`.
 * @property {string} title Its H1, which is its name in the sidebar.
 * @property {string} body The Markdown after the H1.
 * @property {string} markdown The whole file.
 */

/**
 * Every guide, in reading order. A file without an H1 on its first line is a build error naming the file.
 * @param {string} [dir]
 * @returns {Guide[]}
 */
export function readGuides(dir = guidesDir) {
  return readdirSync(dir)
    .filter((name) => /^\d\d-[a-z0-9-]+\.md$/.test(name))
    .sort()
    .map((name) => {
      const markdown = readFileSync(join(dir, name), 'utf8');
      const heading = /^# (.+)\n/.exec(markdown);
      if (!heading?.[1])
        throw new Error(`docs/guides/${name}: the first line must be the guide's title, "# ..."`);
      return {
        // From the title, as guidesOf() reads it back from a built document: the page's name and its anchor agree.
        slug: guideAnchor(heading[1].trim()).slice('tag/'.length),
        title: heading[1].trim(),
        body: markdown.slice(heading[0].length).trim(),
        markdown,
      };
    });
}

/** The path of a guide's Markdown beside llms.txt. */
export const guidePagePath = (/** @type {Guide} */ guide) => `guides/${guide.slug}.md`;

/**
 * Scalar's anchor of a tag: `tag/` and the tag's name in lower case, each run of other characters one hyphen.
 * @param {string} title
 */
export const guideAnchor = (title) =>
  `tag/${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** The line that opens the introduction: every guide, one click from the home page. */
export function guidesLine(/** @type {Guide[]} */ guides) {
  return `**Guides:** ${guides.map((guide) => `[${guide.title}](#${guideAnchor(guide.title)})`).join(' · ')}`;
}

/**
 * The spec with the guides as tags without operations, before the reference's own tags (`x-tagGroups`: "Guides",
 * then "API reference"), and a line linking each at the top of the introduction.
 * @param {any} spec
 * @param {Guide[]} guides
 */
export function withGuides(spec, guides) {
  const referenceTags = (spec.tags ?? []).map((/** @type {{ name: string }} */ tag) => tag.name);
  const clash = guides.find((guide) => referenceTags.includes(guide.title));
  if (clash)
    throw new Error(`docs/guides: "${clash.title}" is also a tag of the spec; name the guide otherwise`);
  return {
    ...spec,
    info: { ...spec.info, description: `${guidesLine(guides)}\n\n${spec.info.description}` },
    tags: [...guides.map((guide) => ({ name: guide.title, description: guide.body })), ...(spec.tags ?? [])],
    'x-tagGroups': [
      { name: 'Guides', tags: guides.map((guide) => guide.title) },
      { name: 'API reference', tags: referenceTags },
    ],
  };
}

/**
 * The guides a built document carries (the tags of its "Guides" group), so whatever renders that document (the
 * build, the docs server pointing it at other addresses) writes the same guide pages.
 * @param {any} document
 * @returns {Guide[]}
 */
export function guidesOf(document) {
  const group = (document['x-tagGroups'] ?? []).find(
    (/** @type {{ name: string }} */ g) => g.name === 'Guides',
  );
  if (!group) return [];
  return group.tags.map((/** @type {string} */ title) => {
    const tag = (document.tags ?? []).find((/** @type {{ name: string }} */ t) => t.name === title);
    const body = String(tag?.description ?? '').trim();
    const slug = guideAnchor(title).slice('tag/'.length);
    return { slug, title, body, markdown: `# ${title}\n\n${body}\n` };
  });
}
