import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorStatusTypes, specModelOf } from '@inference-infra/types/spec-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guidePagePath, readGuides } from '../guides/guides.js';
import { specOperations } from '../specOperations.js';
import {
  type Code,
  type Link,
  markdownTree,
  nodesOf,
  plainText,
  section,
  type Table,
  tableRows,
} from '../test/markdownTree.js';
import { agentDocFiles } from './agentDocFiles.js';
import { cellText, codeBlock, codeSpan } from './markdownText.js';

const distDir = fileURLToPath(new URL('../../dist', import.meta.url));
const spec = createRequire(import.meta.url)('@inference-infra/spec/openapi.json');

/** The document the HTML page renders, as the build wrote it. */
function built() {
  if (!existsSync(join(distDir, 'llms.txt'))) {
    throw new Error('docs/dist/llms.txt is missing: run `pnpm --filter @inference-infra/docs build` first.');
  }
  return JSON.parse(readFileSync(join(distDir, 'openapi.json'), 'utf8'));
}
const read = (path: string) => readFileSync(join(distDir, path), 'utf8');

describe('the pages for AI tools (dist/llms.txt, llms-full.txt, operations/<id>.md)', () => {
  it('are exactly what the build makes of the built document, one page per operation and nothing else', () => {
    const expected = agentDocFiles(built());
    const pages = readdirSync(join(distDir, 'operations')).map((name) => `operations/${name}`);
    expect(new Set(pages)).toEqual(
      new Set([...expected.keys()].filter((path) => path.startsWith('operations/'))),
    );
    expect(pages.length).toBe(specOperations(spec).length);
    for (const [path, text] of expected) expect(read(path), path).toBe(text);
  });

  it('llms.txt: an H1, a blockquote summary, notes without headings, then sections that are lists of links', () => {
    const document = built();
    const tree = markdownTree(read('llms.txt'));
    const [first, second] = tree.children;
    expect(first).toMatchObject({ type: 'heading', depth: 1 });
    expect(plainText(first as never)).toBe(document.info.title);
    expect(second?.type).toBe('blockquote');
    expect(plainText(second as never)).toBe(document.info.summary);
    const headings = nodesOf(tree, 'heading');
    expect(headings.filter((heading) => heading.depth === 1)).toHaveLength(1);
    expect(headings.filter((heading) => heading.depth > 2)).toEqual([]);
    for (const title of ['Operations', 'Optional']) {
      const nodes = section(tree, title);
      expect(
        nodes.map((node) => node.type),
        title,
      ).toEqual(['list']);
      for (const item of nodesOf({ type: 'root', children: nodes }, 'listItem')) {
        expect(item.children[0]?.type).toBe('paragraph');
        expect((item.children[0] as { children: { type: string }[] }).children[0]?.type, title).toBe('link');
      }
    }
  });

  it('llms.txt: both base addresses, the bearer key, the error body and its type by status, from the spec', () => {
    const text = read('llms.txt');
    const model = specModelOf(built());
    for (const operation of model.operations) {
      expect(text).toContain(`\`${operation.server.url}\`, by default \`${operation.server.default}\``);
    }
    expect(text).toContain('Authorization: Bearer <API_KEY>');
    const shape = nodesOf(markdownTree(text), 'code')[0];
    const errorFields = Object.keys(spec.components.schemas.ErrorResponse.properties.error.properties);
    for (const field of errorFields) expect(shape?.value).toContain(`"${field}"`);
    const rows = tableRows(nodesOf(markdownTree(text), 'table')[0] as Table);
    expect(rows.map((row) => [Number(row.status), row['error.type']])).toEqual([...errorStatusTypes(model)]);
  });

  it('llms.txt lists every operation, with a one-line description, linked to its page', () => {
    const document = built();
    const tree = markdownTree(read('llms.txt'));
    const items = nodesOf({ type: 'root', children: section(tree, 'Operations') }, 'listItem');
    const operations = specOperations(document);
    expect(items).toHaveLength(operations.length);
    operations.forEach((operation, index) => {
      const item = items[index];
      if (!item) throw new Error(`no item for ${operation.operationId}`);
      const [link] = nodesOf({ type: 'root', children: item.children }, 'link');
      expect(link?.url).toBe(`operations/${operation.operationId}.md`);
      expect(plainText(link as Link)).toBe(operation.summary);
      const line = plainText(item.children[0] as never);
      expect(line).toContain(`${operation.method} {${operation.serverVariable}}${operation.path}`);
      expect(line.split('\n')).toHaveLength(1);
      expect(line.length).toBeGreaterThan(
        `${operation.summary}: ${operation.method} ${operation.path}. `.length + 10,
      );
    });
  });

  it("llms.txt's links all resolve to files the build wrote", () => {
    const links = nodesOf(markdownTree(read('llms.txt')), 'link').map((link) => link.url);
    expect(links.length).toBeGreaterThan(specOperations(spec).length);
    for (const url of links) {
      const path = new URL(url, 'http://site.invalid/llms.txt').pathname.slice(1);
      expect(existsSync(join(distDir, path)), url).toBe(true);
    }
  });

  it("each page shows every code sample of the operation's HTML page, exactly and in order", () => {
    const document = built();
    for (const operation of specOperations(document)) {
      const shown = document.paths[operation.path][operation.method.toLowerCase()]['x-codeSamples'] as {
        label: string;
        source: string;
      }[];
      const tree = markdownTree(read(`operations/${operation.operationId}.md`));
      const blocks = nodesOf({ type: 'root', children: section(tree, 'Code samples') }, 'code') as Code[];
      const labels = nodesOf({ type: 'root', children: section(tree, 'Code samples') }, 'heading').map(
        plainText,
      );
      // Every line of a fenced block ends with a newline, so a source's last newline is the block's own.
      expect(
        blocks.map((block) => block.value),
        operation.operationId,
      ).toEqual(shown.map((sample) => sample.source.replace(/\n$/, '')));
      expect(labels).toEqual(shown.map((sample) => sample.label));
    }
  });

  it('each page says what the HTML page says of its operation: title, method, path, base address, parameters', () => {
    const document = built();
    const model = specModelOf(document);
    for (const operation of model.operations) {
      const html = document.paths[operation.path][operation.method.toLowerCase()];
      const tree = markdownTree(read(`operations/${operation.operationId}.md`));
      const [title, methodAndPath] = tree.children;
      expect(plainText(title as never)).toBe(html.summary);
      expect(plainText(methodAndPath as never)).toBe(`${operation.method} ${operation.path}`);
      expect(read(`operations/${operation.operationId}.md`)).toContain(
        `\`${operation.method} ${html.servers[0].variables[operation.server.variable].default}${operation.path}\``,
      );
      const table = section(tree, 'Parameters').find((node) => node.type === 'table') as Table | undefined;
      const rows = table ? tableRows(table) : [];
      expect(
        rows.map((row) => ({ name: row.name, in: row.in, required: row.required === 'yes' })),
        operation.operationId,
      ).toEqual(operation.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required })));
      for (const [row, parameter] of rows.map((row, i) => [row, operation.parameters[i]] as const)) {
        const schema = parameter?.schema ?? {};
        if (schema.default !== undefined) expect(row?.default).toBe(JSON.stringify(schema.default));
        if (schema.minimum !== undefined) expect(row?.rules).toContain(String(schema.minimum));
        if (schema.maximum !== undefined) expect(row?.rules).toContain(String(schema.maximum));
        for (const value of (schema.enum as unknown[] | undefined) ?? [])
          expect(row?.rules).toContain(String(value));
      }
      const errors = tableRows(section(tree, 'Errors').find((node) => node.type === 'table') as Table);
      expect(errors.map((row) => row.status)).toEqual(
        Object.keys(operation.responses).filter((status) => Number(status) >= 400),
      );
    }
  });

  it("each page lists the fields of its success answer and of the objects the answer holds, from the spec's schemas", () => {
    const document = built();
    const model = specModelOf(document);
    const fieldsOf = (schema: { properties?: Record<string, unknown> } | undefined) =>
      Object.keys(schema?.properties ?? {});
    for (const operation of model.operations) {
      const json = operation.responses['200']?.content['application/json'];
      if (!json) continue;
      const tree = markdownTree(read(`operations/${operation.operationId}.md`));
      const listed = section(tree, 'Responses')
        .filter((node): node is Table => node.type === 'table')
        .flatMap((table) => tableRows(table).map((row) => row.field));
      const expected = fieldsOf(json.schema);
      for (const field of Object.values(json.schema.properties ?? {}) as Record<string, unknown>[]) {
        const inner = (field.type === 'array' ? field.items : field) as { $ref?: string };
        if (inner?.$ref) expected.push(...fieldsOf(model.resolve(inner.$ref).value as never));
      }
      expect(expected.length, operation.operationId).toBeGreaterThan(0);
      for (const field of expected) expect(listed, `${operation.operationId}: ${field}`).toContain(field);
    }
  });

  it('llms.txt names the packages with their install lines, and links every guide', () => {
    const llms = read('llms.txt');
    for (const line of [
      'npm install @inference-infra/fetch-client',
      'npm install @inference-infra/react-hooks',
      'npm install @inference-infra/query-core',
      'npm install --save-dev @inference-infra/mock-server',
      'npx -y -p @inference-infra/mcp-server inference-infra-mcp',
      'npx -p @inference-infra/contract-tests inference-infra-contract-tests',
    ]) {
      expect(llms).toContain(line);
    }
    for (const guide of readGuides()) expect(llms).toContain(`](${guidePagePath(guide)}): `);
  });

  it('llms-full.txt holds the preface, every guide (install, errors, paging, streaming), then every page in the spec order', () => {
    const full = read('llms-full.txt');
    const llms = read('llms.txt');
    expect(full.startsWith(llms.slice(0, llms.indexOf('\n## Guides')))).toBe(true);
    for (const needle of [
      'pnpm add @inference-infra/fetch-client',
      'yarn add @inference-infra/fetch-client',
      '`RateLimitError`',
      '`RequestValidationError`',
      'for await (const transaction of client.billing.listTransactions(',
      'for await (const chunk of stream)',
      'useInfiniteBillingTransactions',
      'useChatCompletionStream',
    ]) {
      expect(full, needle).toContain(needle);
    }
    let from = 0;
    for (const guide of readGuides()) {
      const at = full.indexOf(`## Guide: ${guide.title}\n`, from);
      expect(at, guide.slug).toBeGreaterThan(from);
      from = at;
    }
    for (const operation of specOperations(spec)) {
      const at = full.indexOf(read(`operations/${operation.operationId}.md`).trimEnd(), from);
      expect(at, operation.operationId).toBeGreaterThan(from);
      from = at;
    }
  });
});

describe('the Markdown pieces', () => {
  it('a code block holds any source exactly, backtick runs included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', 'a', '\n', ' ', '~', '|') }), (source) => {
        const trimmed = source.replace(/\n+$/, '');
        const [block] = nodesOf(markdownTree(codeBlock('ts', trimmed)), 'code');
        expect(block?.value).toBe(trimmed);
      }),
      { seed: 38 },
    );
  });

  it('a code span holds any one-line text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', 'a', 'b', '|') }), (text) => {
        fc.pre(text.trim() === text && text !== '');
        const [span] = nodesOf(markdownTree(codeSpan(text)), 'inlineCode');
        expect(span?.value).toBe(text);
      }),
      { seed: 38 },
    );
  });

  it('a table cell never ends its row early, and keeps its text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('|', 'a', '\n', ' ', '>') }),
        fc.string({ unit: fc.constantFrom('b', 'c') }),
        (text, after) => {
          fc.pre(after !== '');
          const [table] = nodesOf(
            markdownTree(`| a | b |\n| --- | --- |\n| ${cellText(text)} | ${after} |\n`),
            'table',
          );
          const [row] = tableRows(table as Table);
          expect(row?.b).toBe(after);
          expect(row?.a?.replace(/\s+/g, '')).toBe(
            text
              .split('\n')
              .map((line) => line.replace(/^>\s?/, ''))
              .join('')
              .replace(/\s+/g, ''),
          );
        },
      ),
      { seed: 38 },
    );
  });
});
