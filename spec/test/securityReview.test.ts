import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundlePath, type Json, loadBundle, operationsOf } from './loadBundle.js';
import {
  type Diagnostic,
  readWaivers,
  rulesetWithoutWaivers,
  specDir,
  spectralLint,
  toPointer,
  under,
} from './spectral.js';

const artifacts = join(specDir, 'test-artifacts/security-review');
const waivers = readWaivers();
const stringRestricted = 'owasp:api4:2023-string-restricted';
const severities = ['error', 'warning', 'information', 'hint'];
const show = (d: Diagnostic) => `${severities[d.severity]} ${d.code} at ${d.pointer}: ${d.message}`;

/** Every node a request body or parameter reaches, following `$ref`s: what OWASP's input bounds are about. */
function requestNodes(doc: Json): Set<string> {
  const reached = new Set<string>();
  const visit = (path: string[]) => {
    const pointer = toPointer(path);
    if (reached.has(pointer)) return;
    reached.add(pointer);
    const node = path.reduce((value: Json, key) => value?.[key], doc);
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') visit(node.$ref.slice(2).split('/').map(decodeSegment));
    for (const [key, child] of Object.entries(node)) {
      if (child && typeof child === 'object' && key !== 'examples') visit([...path, key]);
    }
  };
  for (const { path, method, pathItem, operation } of operationsOf(doc)) {
    for (const i of (pathItem.parameters ?? []).keys()) visit(['paths', path, 'parameters', `${i}`]);
    for (const i of (operation.parameters ?? []).keys()) visit(['paths', path, method, 'parameters', `${i}`]);
    if (operation.requestBody) visit(['paths', path, method, 'requestBody']);
  }
  return reached;
}
const decodeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

describe('the security review (.spectral.yaml: spectral:oas and the OWASP API Security ruleset)', () => {
  let committed: Diagnostic[];
  let unwaived: Diagnostic[];
  let mutated: Diagnostic[];

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    const bareRuleset = join(artifacts, 'unwaived.spectral.yaml');
    writeFileSync(bareRuleset, rulesetWithoutWaivers());
    // Named openapi.json so that the committed waivers apply to it as to the bundle.
    const copy = loadBundle();
    delete copy.components.schemas.ResizeVolumeRequest.properties.size_gb.maximum;
    delete copy.components.parameters.Limit.schema.format;
    copy.components.schemas.ImageGenerationRequest.properties.negative_prompt = { type: 'string' };
    // A production host on plain http, as a root server's default and on a path's own server, must fail; plain http
    // to loopback (any case) and https to any host must not.
    copy.servers[0].variables.base_url.default = 'http://api.example.test/v1';
    copy.paths['/api/v1/billing/transactions'].servers[0].variables.platform_url.default =
      'http://api.example.test';
    copy.paths['/api/v1/instances/types'].servers[0].variables.platform_url.default = 'http://localhost:8080';
    copy.paths['/embeddings'].servers[0].variables.base_url.default = 'https://api.example.test/v1';
    copy.paths['/images/generations'].servers[0].variables.base_url.default = 'http://LOCALHOST:4010/v1';
    const copyPath = join(artifacts, 'openapi.json');
    writeFileSync(copyPath, JSON.stringify(copy, null, 2));
    [committed, unwaived, mutated] = await Promise.all([
      spectralLint(bundlePath),
      spectralLint(bundlePath, bareRuleset),
      spectralLint(copyPath),
    ]);
  }, 180_000);

  it('finds nothing in the bundle: no error, no warning, no information, no hint', () => {
    expect(committed.map(show)).toEqual([]);
  });

  it('fails on a removed bound, a dropped integer format, a new unbounded request field and plain-http defaults', () => {
    expect(mutated.map((d) => `${severities[d.severity]} ${d.code} ${d.pointer}`).sort()).toEqual([
      'error owasp:api4:2023-integer-format /components/parameters/Limit/schema',
      'error owasp:api4:2023-integer-limit /components/schemas/ResizeVolumeRequest/properties/size_gb',
      'error owasp:api4:2023-string-limit /components/schemas/ImageGenerationRequest/properties/negative_prompt',
      'error server-http-loopback-only /paths/~1api~1v1~1billing~1transactions/servers/0/variables/platform_url/default',
      'error server-http-loopback-only /servers/0/variables/base_url/default',
      // The string-restricted waivers name their strings one by one: a new string is not waived.
      `warning ${stringRestricted} /components/schemas/ImageGenerationRequest/properties/negative_prompt`,
    ]);
  });

  it('gives every waiver a reason, pointers and rules', () => {
    for (const waiver of waivers) {
      expect(waiver.reason.length, JSON.stringify(waiver.pointers)).toBeGreaterThan(100);
      expect(waiver.pointers.length).toBeGreaterThan(0);
      expect(waiver.pointers.every((pointer) => pointer.startsWith('/'))).toBe(true);
      expect(waiver.rules.length).toBeGreaterThan(0);
    }
  });

  it('waives only what the bundle still breaks: each pointer and each rule of a waiver is used', () => {
    const unused = waivers.flatMap((waiver) => {
      const hits = unwaived.filter(
        (d) => waiver.rules.includes(d.code) && waiver.pointers.some((p) => under(d.pointer, p)),
      );
      return [
        ...waiver.pointers.filter((p) => !hits.some((d) => under(d.pointer, p))).map((p) => `pointer ${p}`),
        ...waiver.rules.filter((rule) => !hits.some((d) => d.code === rule)).map((rule) => `rule ${rule}`),
      ];
    });
    expect(unused).toEqual([]);
  });

  it(`waives ${stringRestricted} alone and exactly where it fires, one pointer per string`, () => {
    const fires = new Set(unwaived.filter((d) => d.code === stringRestricted).map((d) => d.pointer));
    const formatWaivers = waivers.filter((waiver) => waiver.rules.includes(stringRestricted));
    expect(formatWaivers.length).toBeGreaterThan(0);
    for (const waiver of formatWaivers) expect(waiver.rules).toEqual([stringRestricted]);
    const pointers = formatWaivers.flatMap((waiver) => waiver.pointers);
    expect(pointers.filter((p) => !fires.has(p))).toEqual([]);
    expect(pointers.filter((p, i) => pointers.indexOf(p) !== i)).toEqual([]);
  });

  it('waives rules for answers only where no request body or parameter reaches', () => {
    const answersOnly = waivers.filter((waiver) => waiver.reason.startsWith('Answers only'));
    // One for the bounds (string, integer, array limits), one for the string formats.
    expect(answersOnly.length).toBe(2);
    const reached = [...requestNodes(loadBundle())];
    expect(reached).toContain('/components/schemas/ChatMessage/properties/content');
    expect(reached).toContain('/components/parameters/VolumeId/schema');
    const overlap = answersOnly
      .flatMap((waiver) => waiver.pointers)
      .filter((p) => reached.some((node) => under(node, p)));
    expect(overlap).toEqual([]);
  });

  it('names the ASSUMPTIONS.md entry of every waiver of a "not shown", and that list names no other', () => {
    const text = readFileSync(join(specDir, 'ASSUMPTIONS.md'), 'utf8');
    const section = text.slice(text.indexOf('\n## Security review'), text.indexOf('\n## Extensions'));
    const listed = [...section.matchAll(/^- \*\*`([a-z0-9-]+)`\*\*/gm)].map((m) => m[1]);
    const named = waivers.flatMap((w) =>
      [...w.reason.matchAll(/ASSUMPTIONS\.md: `([a-z0-9-]+)`/g)].map((m) => m[1]),
    );
    expect(listed.length).toBeGreaterThan(0);
    expect([...new Set(named)].sort()).toEqual([...listed].sort());
  });
});
