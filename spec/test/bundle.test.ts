import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { deref, loadBundle, operationsOf } from './loadBundle.js';

const doc = loadBundle();

describe('the bundled spec', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds no reference to a split file: nothing downstream may need the unbundled tree', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.filter((ref) => !ref.startsWith('"$ref":"#/'))).toEqual([]);
  });

  it('ties every operation to exactly one of the two base addresses', () => {
    for (const { path, pathItem } of operationsOf(doc)) {
      const urls = (pathItem.servers ?? []).map((server: { url: string }) => server.url);
      expect(urls, path).toHaveLength(1);
      expect(['{base_url}', '{platform_url}'], path).toContain(urls[0]);
      expect(urls[0] === '{platform_url}', `${path} carries /api/v1 exactly when it is a platform path`).toBe(
        path.startsWith('/api/v1/'),
      );
    }
  });

  it('applies the bearer scheme to every operation of both base addresses', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { path, operation } of operationsOf(doc)) {
      // An operation-level `security` would override the root one; none may drop the key.
      expect(operation.security ?? doc.security, path).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('documents every failure status the API can give, with the error body and a request id', () => {
    const expected: Record<string, string[]> = {
      resizeVolume: ['400', '401', '404', '409', '415', '429', '500'],
    };
    for (const { operation } of operationsOf(doc)) {
      const statuses = Object.keys(operation.responses).filter((status) => status !== '200');
      // Every operation that takes a body refuses one in another media type (unsupported-media-type-415).
      const withBody = operation.requestBody ? ['400', '401', '415', '429', '500'] : undefined;
      expect(statuses, operation.operationId).toEqual(
        expected[operation.operationId] ?? withBody ?? ['400', '401', '429', '500'],
      );
      for (const status of statuses) {
        const response = deref(doc, operation.responses[status]);
        expect(response.content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponse');
        expect(Object.keys(response.headers)).toContain('X-Request-Id');
      }
      expect(deref(doc, operation.responses['429']).headers).toHaveProperty('Retry-After');
    }
  });

  it('answers a streamed chat completion as an event stream of chunk objects', () => {
    const answer = doc.paths['/chat/completions'].post.responses['200'].content;
    expect(Object.keys(answer).sort()).toEqual(['application/json', 'text/event-stream']);
    expect(answer['text/event-stream']['x-stream-event-schema'].properties.object.const).toBe(
      'chat.completion.chunk',
    );
    expect(answer['text/event-stream']['x-stream-terminator']).toBe('[DONE]');
  });
});
