import type { Heading, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * An issue number as our history writes it ("issue 25", "Issues 8", "#12"): it means nothing to a reader of a README,
 * and its story belongs in a CHANGELOG. The pattern is the one of the done-check `grep -rnE` over the READMEs.
 */
const issueNumber = /[Ii]ssues? #?[0-9]+|#[0-9]+\b/g;

/** Each issue number of a Markdown file, as `line N: "text"`. */
export function issueNumbersIn(markdown: string): string[] {
  return markdown
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(issueNumber)].map((match) => `line ${index + 1}: "${match[0]}"`),
    );
}

/** The most lines a quickstart may take: a newcomer reads it whole before anything else. */
export const quickstartMaxLines = 30;

function textOf(node: RootContent): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child as RootContent)).join('') : '';
}

/**
 * What keeps a package README from opening as a newcomer needs it: its title, one paragraph saying what the package
 * is, then `## Quickstart`, at most `quickstartMaxLines` lines long (its code blocks and inner blank lines counted;
 * its heading and the blank lines around its text not), then the reference. Empty when it does.
 */
export function quickstartProblems(markdown: string): string[] {
  const nodes = fromMarkdown(markdown).children;
  const [title, intro, quickstart] = nodes;
  if (title?.type !== 'heading' || title.depth !== 1) return ['it must start with its title, a # heading'];
  if (intro?.type !== 'paragraph') {
    return [
      `the title must be followed by one paragraph saying what the package is, not a ${intro?.type ?? 'nothing'}`,
    ];
  }
  if (quickstart?.type !== 'heading' || quickstart.depth !== 2 || textOf(quickstart) !== 'Quickstart') {
    const found =
      quickstart?.type === 'heading' ? `"## ${textOf(quickstart)}"` : `a ${quickstart?.type ?? 'nothing'}`;
    return [`the one-paragraph intro must be followed by the "## Quickstart" section, not ${found}`];
  }
  const next = nodes.find(
    (node, index) => index > 2 && node.type === 'heading' && (node as Heading).depth <= 2,
  );
  const lines = markdown.split('\n');
  const body = lines.slice(
    quickstart.position?.end.line ?? 0,
    next ? (next.position?.start.line ?? 1) - 1 : undefined,
  );
  while (body.length > 0 && body.at(-1)?.trim() === '') body.pop();
  while (body.length > 0 && body[0]?.trim() === '') body.shift();
  return body.length > quickstartMaxLines
    ? [`its Quickstart is ${body.length} lines long; at most ${quickstartMaxLines} (code blocks included)`]
    : [];
}
