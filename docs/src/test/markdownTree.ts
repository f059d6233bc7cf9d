import type { Code, Link, List, Nodes, Root, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

/** A Markdown page as CommonMark with GitHub's tables reads it: what a reader of the page, or a model, sees. */
export function markdownTree(text: string): Root {
  return fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
}

/** The plain text of a node, code spans included, as a reader sees it. */
export function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}

/** Every node of a type, in document order. */
export function nodesOf<T extends Nodes['type']>(root: Nodes, type: T): Extract<Nodes, { type: T }>[] {
  const found: Nodes[] = [];
  const visit = (node: Nodes) => {
    if (node.type === type) found.push(node);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  return found as Extract<Nodes, { type: T }>[];
}

/** The top-level nodes under the H2 of that text, up to the next H2. */
export function section(root: Root, title: string): RootContent[] {
  const start = root.children.findIndex(
    (node) => node.type === 'heading' && node.depth === 2 && plainText(node) === title,
  );
  if (start < 0) return [];
  const rest = root.children.slice(start + 1);
  const end = rest.findIndex((node) => node.type === 'heading' && node.depth <= 2);
  return end < 0 ? rest : rest.slice(0, end);
}

/** A table's rows as objects by its header cells' text. */
export function tableRows(table: Table): Record<string, string>[] {
  const [header, ...rows] = table.children.map((row) => row.children.map(plainText));
  return rows.map((cells) => Object.fromEntries((header ?? []).map((name, i) => [name, cells[i] ?? ''])));
}

export type { Code, Link, List, Table };
