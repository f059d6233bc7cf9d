import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from './schemaValidator.js';

const validator = createSchemaValidator({
  openapi: '3.1.0',
  components: { schemas: { When: { type: 'string', format: 'date-time' } } },
});
const valid = (value: string) => validator.violations('#/components/schemas/When', value).length === 0;

describe('date-time, as strictly as RFC 3339 writes it', () => {
  it('takes T, seconds, fractions and a Z or +hh:mm zone, in either case', () => {
    for (const value of ['2026-11-20T18:00:00Z', '2026-11-20T18:00:00.123+01:00', '2026-11-20t18:00:00z'])
      expect(valid(value), value).toBe(true);
  });

  it('refuses a space for T, a zone without minutes or colon, no zone, and a day the calendar has not', () => {
    for (const value of [
      '2026-11-20 18:00:00Z',
      '2026-11-20T18:00:00+00',
      '2026-11-20T18:00:00+0000',
      '2026-11-20T18:00:00',
      '2026-11-20T18:00Z',
      '2026-02-30T00:00:00Z',
    ])
      expect(valid(value), value).toBe(false);
  });
});
