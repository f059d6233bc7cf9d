import { clientCallOf } from './clientCalls.js';
import { keySource, keyVariable } from './curlSample.js';
import { tsLiteral } from './tsLiteral.js';

/**
 * A Node script with the official `openai` client pointed at `{base_url}`, for the inference operations it knows;
 * `null` for the others. Fields OpenAI does not have (an image's `width`) are sent as they are.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string | null}
 */
export function openaiSample(operation, request) {
  const { openai: method, openaiBodyType } = clientCallOf(operation);
  if (!method || operation.serverVariable !== 'base_url') return null;
  const body = tsLiteral(request.body, '');
  const call = `openai.${method}(${openaiBodyType ? `${body} as OpenAI.${openaiBodyType}` : body})`;
  return [
    `import OpenAI from 'openai';`,
    '',
    `// ${keyVariable}: ${keySource}.`,
    `const openai = new OpenAI({ apiKey: process.env.${keyVariable}, baseURL: '${operation.serverDefault}' });`,
    '',
    ...(openaiBodyType
      ? [`// "as": this API's own fields are not in OpenAI's types; the client sends them as given.`]
      : []),
    ...(request.streamed
      ? [
          `const stream = await ${call};`,
          `for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');`,
        ]
      : [`const answer = await ${call};`, 'console.log(JSON.stringify(answer, null, 2));']),
    '',
  ].join('\n');
}
