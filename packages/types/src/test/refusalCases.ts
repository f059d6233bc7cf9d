/**
 * Requests that break one rule of the spec, and the refusal each must get: both validator sets (zod 3
 * `requestSchemas` and zod mini `requestValidators`) are held to this one table.
 */
export const images = (fields: object) => ({ model: 'flux-1-schnell', prompt: 'a lighthouse', ...fields });
export const embeddings = (fields: object) => ({ model: 'bge-large-en-v1.5', input: 'text', ...fields });

export type RefusalCase = readonly [
  label: string,
  operationId: string,
  part: 'path' | 'query' | 'body',
  value: unknown,
  message: string,
];

export const refusalCases: readonly RefusalCase[] = [
  ['size_gb 9', 'resizeVolume', 'body', { size_gb: 9 }, 'size_gb: must be at least 10 (got 9)'],
  ['size_gb 10001', 'resizeVolume', 'body', { size_gb: 10001 }, 'size_gb: must be at most 10000 (got 10001)'],
  [
    'size_gb 10.5',
    'resizeVolume',
    'body',
    { size_gb: 10.5 },
    'size_gb: must be an integer from 10 to 10000 (got 10.5)',
  ],
  [
    'size_gb "500"',
    'resizeVolume',
    'body',
    { size_gb: '500' },
    'size_gb: must be an integer from 10 to 10000 (got "500")',
  ],
  ['a missing size_gb', 'resizeVolume', 'body', {}, 'size_gb: is required'],
  [
    'a misspelt sizeGb',
    'resizeVolume',
    'body',
    { size_gb: 500, sizeGb: 500 },
    'sizeGb: is not a known field (known fields: size_gb)',
  ],
  ['limit 0', 'listBillingTransactions', 'query', { limit: 0 }, 'limit: must be at least 1 (got 0)'],
  ['limit 101', 'listBillingTransactions', 'query', { limit: 101 }, 'limit: must be at most 100 (got 101)'],
  ['offset -1', 'listBillingTransactions', 'query', { offset: -1 }, 'offset: must be at least 0 (got -1)'],
  [
    'type "foo"',
    'listBillingTransactions',
    'query',
    { type: 'foo' },
    'type: must be one of credit, usage, refund, adjustment (got "foo")',
  ],
  ['width 255', 'generateImages', 'body', images({ width: 255 }), 'width: must be at least 256 (got 255)'],
  ['width 2049', 'generateImages', 'body', images({ width: 2049 }), 'width: must be at most 2048 (got 2049)'],
  [
    'height 2049',
    'generateImages',
    'body',
    images({ height: 2049 }),
    'height: must be at most 2048 (got 2049)',
  ],
  [
    'num_inference_steps 0',
    'generateImages',
    'body',
    images({ num_inference_steps: 0 }),
    'num_inference_steps: must be at least 1 (got 0)',
  ],
  [
    'num_inference_steps 101',
    'generateImages',
    'body',
    images({ num_inference_steps: 101 }),
    'num_inference_steps: must be at most 100 (got 101)',
  ],
  [
    'response_format "png"',
    'generateImages',
    'body',
    images({ response_format: 'png' }),
    'response_format: must be one of url, b64_json (got "png")',
  ],
  [
    'aspect_ratio "16-9"',
    'generateImages',
    'body',
    images({ aspect_ratio: '16-9' }),
    'aspect_ratio: must match the pattern ^[1-9][0-9]*:[1-9][0-9]*$ (got "16-9")',
  ],
  ['a missing prompt', 'generateImages', 'body', { model: 'flux-1-schnell' }, 'prompt: is required'],
  [
    'encoding_format "hex"',
    'createEmbeddings',
    'body',
    embeddings({ encoding_format: 'hex' }),
    'encoding_format: must be one of float, base64 (got "hex")',
  ],
  [
    'an empty input list',
    'createEmbeddings',
    'body',
    embeddings({ input: [] }),
    'input: must have at least 1 item (got 0 items)',
  ],
  [
    'an input of the wrong kind',
    'createEmbeddings',
    'body',
    embeddings({ input: 42 }),
    'input: must be a string, an array of strings, an array of integers or an array of arrays of integers (got 42)',
  ],
  [
    'an unknown chat role',
    'createChatCompletion',
    'body',
    { model: 'm', messages: [{ role: 'bot', content: 'hi' }] },
    'messages.0.role: must be one of system, developer, user, assistant, tool (got "bot")',
  ],
  [
    'temperature 3',
    'createChatCompletion',
    'body',
    { model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 3 },
    'temperature: must be at most 2 (got 3)',
  ],
  [
    'five stop sequences',
    'createChatCompletion',
    'body',
    { model: 'm', messages: [{ role: 'user', content: 'hi' }], stop: ['a', 'b', 'c', 'd', 'e'] },
    'stop: must have at most 4 items (got 5 items)',
  ],
];
