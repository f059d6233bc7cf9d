import { createRequire } from 'node:module';
import { parseTemplate } from '@angular/compiler';
import { compile } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';
import { compileScript, compileTemplate, parse } from 'vue/compiler-sfc';
import { specOperations } from '../specOperations.js';
import { codeSamplesOf } from './codeSamples.js';

// The markup of every Vue, Svelte and Angular sample, compiled by the framework's own compiler, as a reader's build
// would (their scripts are type-checked by samplesTypecheck.test.ts). A template that names what its script does not
// declare, or that its compiler refuses, fails here before a reader copies it.

const require = createRequire(import.meta.url);
const spec = require('@inference-infra/spec/openapi.json');
const samples = specOperations(spec).flatMap((operation) =>
  codeSamplesOf(operation).map((sample) => ({
    name: `${operation.operationId} ${sample.label}`,
    sample,
  })),
);
const of = (kind: string) => samples.filter(({ sample }) => sample.kind === kind);

describe('the framework samples of every operation', () => {
  it('exist for every operation in each framework, each naming a function its package exports', () => {
    for (const kind of ['vue', 'svelte', 'solid', 'angular']) {
      expect(new Set(of(kind).map(({ name }) => name.split(' ')[0])).size, kind).toBe(
        specOperations(spec).length,
      );
    }
  });

  it.each(of('vue'))(
    '$name: Vue compiles it, every name in the template declared by the script',
    ({ sample }) => {
      const { descriptor, errors } = parse(sample.source, { filename: 'Sample.vue' });
      expect(errors).toEqual([]);
      const script = compileScript(descriptor, { id: 'sample' });
      const template = compileTemplate({
        id: 'sample',
        filename: 'Sample.vue',
        source: descriptor.template?.content ?? '',
        compilerOptions: { bindingMetadata: script.bindings, prefixIdentifiers: true },
      });
      expect(template.errors).toEqual([]);
      // A name the script does not declare is read from the component instance (`_ctx.name`): undefined at run time.
      expect(template.code.match(/_ctx\.\w+/g) ?? []).toEqual([]);
    },
  );

  it.each(of('svelte'))(
    '$name: Svelte compiles it without a warning, every name in the markup declared',
    ({ sample }) => {
      const { warnings } = compile(sample.source, { filename: 'Sample.svelte', generate: 'client' });
      expect(warnings.map((warning) => warning.message)).toEqual([]);
      // Svelte takes an undeclared name as a global without a word: the markup's names are looked up in the script.
      const [script = '', markup = ''] = sample.source.split('</script>');
      const declared = new Set([...script.matchAll(/\b(?:const|let|import \{) *(\w+)/g)].map((m) => m[1]));
      for (const [, used] of markup.matchAll(/\{(?:#if\s+)?([A-Za-z_$][\w$]*)/g)) {
        if (used !== 'JSON') expect(declared, `${used} in the markup`).toContain(used);
      }
    },
  );

  it.each(of('angular'))("$name: Angular's template parser takes its template", ({ sample }) => {
    const template = /template: `([\s\S]*?)`/.exec(sample.source)?.[1];
    expect(template).toBeDefined();
    const parsed = parseTemplate(template ?? '', 'sample.html');
    expect(parsed.errors ?? []).toEqual([]);
    // Every member the template reads is a member of the class.
    const members = new Set(
      [...sample.source.matchAll(/^ {2}(?:readonly )?(\w+)(?: =|\()/gm)].map((m) => m[1]),
    );
    for (const [, used] of (template ?? '').matchAll(/\b(stream|query|mutation|text|send)\b(?=[.(])/g)) {
      expect(members, `${used} in the template`).toContain(used);
    }
  });
});
