/**
 * What OpenAI-style clients send for a field the spec refuses (ASSUMPTIONS.md, "OpenAI-style clients: every field
 * they send"): the realistic value, so a server that ignores the field rather than refusing it shows it. A field not
 * listed gets the first value that breaks its schema.
 */
export const openAiValues: Record<string, unknown[]> = {
  tools: [
    [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
  ],
  tool_choice: ['required'],
  top_logprobs: [2],
  logprobs: [true],
  n: [2],
  'response_format.type': ['json_object', 'json_schema'],
  quality: ['hd'],
  style: ['vivid'],
  output_format: ['jpeg'],
  size: ['4096x4096'],
};
