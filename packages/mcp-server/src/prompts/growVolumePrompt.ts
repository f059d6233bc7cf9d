import { requestSchemas } from '@inference-infra/types';
import { z } from 'zod';
import { toolNameOf } from '../tools/operationTools.js';
import { checkWithApi, filledText, parseArguments, wholeNumberText } from './promptArguments.js';
import { type PromptDefinition, unlistedNote } from './promptDefinition.js';
import { bodyFieldSchema, failureOf, failureText } from './specFacts.js';

const tool = toolNameOf('resizeVolume');

const argumentsSchema = z.object({ id: filledText, size_gb: wholeNumberText }).strict();

type GrowVolumeArguments = z.infer<typeof argumentsSchema>;

/**
 * Growing a volume, safely: one call that changes state, never repeated, told to the user first, and each refusal
 * read for what it says. The API has no call that reads a volume, so the resize's own refusal tells its size.
 */
export const growVolumePrompt: PromptDefinition<GrowVolumeArguments> = {
  prompt: {
    name: 'grow_volume',
    title: 'Grow a volume safely',
    description: `Grows a persistent volume to a new size with ${tool}: told to the user first, sent once, each refusal explained.`,
    arguments: [
      { name: 'id', description: 'Identifier of the volume, e.g. vol_training.', required: true },
      { name: 'size_gb', description: 'New size in GB, greater than the current size.', required: true },
    ],
  },
  tools: [tool],
  parse(args) {
    const parsed = parseArguments(argumentsSchema, args);
    checkWithApi(requestSchemas.resizeVolume.path, { id: parsed.id });
    checkWithApi(requestSchemas.resizeVolume.body, { size_gb: parsed.size_gb });
    return parsed;
  },
  text(args, { model, listed }) {
    const size = bodyFieldSchema(model, 'resizeVolume', 'size_gb');
    const [conflict, notFound, invalid] = ['409', '404', '400'].map((status) =>
      failureOf(model, 'resizeVolume', status),
    ) as [ReturnType<typeof failureOf>, ReturnType<typeof failureOf>, ReturnType<typeof failureOf>];
    return [
      `Grow the persistent volume ${args.id} to ${args.size_gb} GB, safely, with the tool ${tool}.`,
      unlistedNote(tool, listed),
      [
        `1. Volumes only grow: ${args.size_gb} GB must be greater than the volume's current size (the API takes ${size.minimum} to ${size.maximum} GB). The API has no call that reads a volume: if the size is not greater, the resize itself says the current size, and changes nothing.`,
        `2. Before calling, tell the user exactly what will change (volume ${args.id} to ${args.size_gb} GB) and that it may cost money; go on only if they agree. When your client supports it, the server asks them to confirm too.`,
        `3. Call ${tool} once with ${JSON.stringify(args)}.`,
        '4. Never repeat the call on your own: it changes state, and a call that failed after it was sent may have acted.',
        '5. Read the result:',
        '   - success: report the new `sizeGb` and `status` from the answer;',
        `   - ${failureText(conflict)}: the volume already has that size or more; report the current size the message names, and ask the user for a larger size;`,
        `   - ${failureText(notFound)}: this workspace has no volume ${args.id}; ask the user for its id;`,
        `   - ${failureText(invalid)}: the message names the field and the rule; report it.`,
      ].join('\n'),
    ]
      .filter(Boolean)
      .join('\n\n');
  },
};
