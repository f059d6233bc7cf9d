import { it } from 'vitest';
import { negativeCases } from '../cases/negativeCases.js';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { loadContractSpec } from '../model/spec.js';

it('prints', () => {
  const spec = loadContractSpec();
  const n = negativeCases(spec, createSchemaValidator(spec.document));
  console.log(
    n.length,
    n.filter((c) => /logit|metadata/.test(c.field)).map((c) => `${c.field} ${c.rule} ${c.description}`),
  );
});
