import { requestSchemas } from '@inference-infra/types';
import { z } from 'zod';
import { toolNameOf } from '../tools/operationTools.js';
import { checkWithApi, filledText, parseArguments, wholeNumberText } from './promptArguments.js';
import { type PromptDefinition, unlistedNote } from './promptDefinition.js';
import { listItemFields } from './specFacts.js';

const tool = toolNameOf('listInstanceTypes');

const argumentsSchema = z
  .object({ gpu_type: filledText, region: filledText, gpu_count: wholeNumberText.optional() })
  .strict();

type CheapestInstanceArguments = z.infer<typeof argumentsSchema>;

/** The cheapest instance type of a GPU in a region: one call, whose answer is sorted by price. */
export const cheapestInstancePrompt: PromptDefinition<CheapestInstanceArguments> = {
  prompt: {
    name: 'cheapest_instance',
    title: 'Cheapest instance for a GPU type and region',
    description: `Finds the cheapest GPU instance type of a GPU model in a region, with ${tool}.`,
    arguments: [
      { name: 'gpu_type', description: 'GPU model, e.g. H100 or A100-80GB.', required: true },
      { name: 'region', description: 'Region, e.g. us-east-1.', required: true },
      { name: 'gpu_count', description: 'Only types with this many GPUs, e.g. 8.', required: false },
    ],
  },
  tools: [tool],
  parse(args) {
    const parsed = parseArguments(argumentsSchema, args);
    checkWithApi(requestSchemas.listInstanceTypes.query, parsed);
    return parsed;
  },
  text(args, { model, listed }) {
    const call = JSON.stringify(args);
    const fields = listItemFields(model, 'listInstanceTypes').filter(
      (field) => !['gpu_type', 'region'].includes(field),
    );
    const what = `${args.gpu_count === undefined ? '' : `${args.gpu_count} × `}${args.gpu_type}`;
    return [
      `Find the cheapest instance type with ${what} GPUs in ${args.region}, with the tool ${tool}.`,
      unlistedNote(tool, listed),
      [
        `1. Call ${tool} with ${call}. Every matching type comes in one answer (there are no pages), sorted by \`hourly_rate\`, cheapest first.`,
        '2. The cheapest is the type with the lowest `hourly_rate`: the first one. If several share that rate, name them all.',
        `3. Answer with its ${fields.map((field) => `\`${field}\``).join(', ')}. The API states no currency for \`hourly_rate\`: give the number as it is.`,
        `If the answer holds no type, none matches: call ${tool} with ${JSON.stringify({ gpu_type: args.gpu_type })} to see the regions that offer it, and say so.`,
      ].join('\n'),
    ]
      .filter(Boolean)
      .join('\n\n');
  },
};
