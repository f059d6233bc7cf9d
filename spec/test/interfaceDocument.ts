/**
 * Every field, type, bound, default, enum and format of the interface document
 * (shared/seed/000_6a3a03f3fe18b7fe.txt), transcribed from it by hand and on purpose not derived from the spec:
 * the coverage test holds the spec against this table, so a field dropped or retyped in the spec fails it.
 */

export interface FieldRule {
  /** Absent where the document does not show the type. */
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  items?: 'string' | 'number' | 'integer';
  const?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  pattern?: string;
  required?: boolean;
}

/** Resources of part 2, by spec component name. Only their documented fields; no field is marked required there. */
export const resources: Record<string, Record<string, FieldRule>> = {
  InstanceType: {
    id: { type: 'string' },
    gpu_type: { type: 'string' },
    gpu_count: { type: 'number' },
    cpu_cores: { type: 'number' },
    memory_gb: { type: 'number' },
    storage_gb: { type: 'number' },
    region: { type: 'string' },
    hourly_rate: { type: 'number' },
    deployment_type: { type: 'string' },
  },
  PersistentVolume: {
    id: { type: 'string' },
    name: { type: 'string' },
    sizeGb: { type: 'number' },
    status: { type: 'string' },
    region: { type: 'string' },
    providerType: { type: 'string' },
    deploymentId: { type: 'string' },
    projectId: { type: 'string' },
    environmentId: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  BillingTransaction: {
    id: { type: 'string' },
    projectId: { type: 'string' },
    amount: { type: 'number' },
    description: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  PaginationMeta: {
    cursor: { type: 'string' },
    hasMore: { type: 'boolean' },
    total: { type: 'integer' },
    requestId: { type: 'string' },
  },
  ImageResult: {
    url: { type: 'string' },
    b64_json: { type: 'string' },
  },
  Embedding: {
    object: { type: 'string', const: 'embedding' },
    index: { type: 'integer' },
    // The document's type; the spec keeps it as the float form (see ASSUMPTIONS.md, embedding-base64-is-a-string).
    embedding: { type: 'array', items: 'number' },
  },
};

export interface OperationRule {
  method: 'get' | 'patch' | 'post';
  path: string;
  server: '{base_url}' | '{platform_url}';
  query?: Record<string, FieldRule>;
  pathParams?: Record<string, FieldRule>;
  body?: Record<string, FieldRule>;
  /** Top-level fields of the 200 answer; a string names the component the field holds (or an array of). */
  response: Record<string, FieldRule & { ref?: string; itemsRef?: string }>;
}

/** Endpoints of part 4 and limits of part 8. */
export const operations: OperationRule[] = [
  {
    method: 'get',
    path: '/api/v1/instances/types',
    server: '{platform_url}',
    query: {
      gpu_type: { type: 'string', required: false },
      region: { type: 'string', required: false },
      gpu_count: { type: 'integer', required: false },
    },
    response: {
      data: { type: 'array', required: true, itemsRef: 'InstanceType' },
      meta: { type: 'object', ref: 'PaginationMeta' },
    },
  },
  {
    method: 'patch',
    path: '/api/v1/storage/{id}',
    server: '{platform_url}',
    pathParams: { id: { type: 'string', required: true } },
    body: { size_gb: { type: 'integer', required: true, minimum: 10, maximum: 10000 } },
    response: { data: { type: 'object', required: true, ref: 'PersistentVolume' } },
  },
  {
    method: 'get',
    path: '/api/v1/billing/transactions',
    server: '{platform_url}',
    query: {
      limit: { type: 'integer', required: false, default: 50, minimum: 1, maximum: 100 },
      offset: { type: 'integer', required: false, default: 0, minimum: 0 },
      type: { type: 'string', required: false, enum: ['credit', 'usage', 'refund', 'adjustment'] },
    },
    response: {
      data: { type: 'array', required: true, itemsRef: 'BillingTransaction' },
      meta: { type: 'object', ref: 'PaginationMeta' },
    },
  },
  {
    method: 'post',
    path: '/images/generations',
    server: '{base_url}',
    body: {
      model: { type: 'string', required: true },
      prompt: { type: 'string', required: true },
      width: { type: 'integer', required: false, minimum: 256, maximum: 2048 },
      height: { type: 'integer', required: false, minimum: 256, maximum: 2048 },
      // "form W:H": the spec's pattern must accept 16:9 and refuse 16-9 (checked in the test).
      aspect_ratio: { type: 'string', required: false },
      num_inference_steps: { type: 'integer', required: false, minimum: 1, maximum: 100 },
      guidance: { type: 'number', required: false },
      response_format: { type: 'string', required: false, enum: ['url', 'b64_json'], default: 'url' },
    },
    response: {
      created: { type: 'integer' },
      data: { type: 'array', itemsRef: 'ImageResult' },
    },
  },
  {
    method: 'post',
    path: '/embeddings',
    server: '{base_url}',
    body: {
      model: { type: 'string', required: true },
      // Accepted types of input are not shown; only "required" is documented.
      input: { required: true },
      encoding_format: { type: 'string', required: false, enum: ['float', 'base64'], default: 'float' },
    },
    response: {
      object: { type: 'string', const: 'list' },
      data: { type: 'array', itemsRef: 'Embedding' },
      model: { type: 'string' },
      usage: { type: 'object', ref: 'EmbeddingUsage' },
    },
  },
  {
    method: 'post',
    path: '/chat/completions',
    server: '{base_url}',
    body: {
      model: { type: 'string' },
      messages: { type: 'array' },
    },
    response: {},
  },
];

/** `usage` of the embeddings answer. */
export const embeddingUsage: Record<string, FieldRule> = {
  prompt_tokens: { type: 'integer' },
  total_tokens: { type: 'integer' },
};
