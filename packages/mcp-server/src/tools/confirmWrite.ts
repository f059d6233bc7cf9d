import {
  type ElicitRequest,
  type ElicitRequestFormParams,
  ElicitResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { OperationTool } from './operationTools.js';
import type { RequestParts } from './requestParts.js';

type FormField = ElicitRequestFormParams['requestedSchema']['properties'][string];

export type SendElicitation = (request: ElicitRequest) => Promise<unknown>;

/** Confirmed, with the fields the user changed in the form (to check again before sending); or why not. */
export type Confirmation =
  | { confirmed: true; changes: Record<string, unknown> }
  | { confirmed: false; reason: string };

/**
 * Asks the user to confirm a call that changes a resource, showing the values about to be sent (for a resize, the
 * size) in a form the user may correct. Elicitation forms hold only flat primitive fields: the body's such fields
 * are shown; the path (which resource) is in the message.
 */
export async function confirmWrite(
  tool: OperationTool,
  parts: RequestParts,
  elicit: SendElicitation,
): Promise<Confirmation> {
  const body = (parts.body ?? {}) as Record<string, unknown>;
  const bodyFields = (tool.tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const properties: Record<string, FormField> = {};
  for (const [name, value] of Object.entries(body)) {
    const schema = bodyFields[name];
    const type = schema?.type;
    if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean') continue;
    // The bounds go along, so a form that checks them refuses what the API would refuse.
    properties[name] = {
      type,
      title: name,
      ...(typeof schema?.description === 'string' ? { description: schema.description.trim() } : {}),
      ...(typeof schema?.minimum === 'number' ? { minimum: schema.minimum } : {}),
      ...(typeof schema?.maximum === 'number' ? { maximum: schema.maximum } : {}),
      default: value,
    } as FormField;
  }
  const target = Object.entries(parts.path)
    .map(([name, value]) => `${name} ${String(value)}`)
    .join(', ');
  const values = Object.entries(body)
    .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
    .join(', ');
  const message = `${tool.tool.title ?? tool.tool.name}${target ? ` (${target})` : ''}: ${values || 'no values'}. Send it?`;
  const answer = ElicitResultSchema.parse(
    await elicit({
      method: 'elicitation/create',
      params: { mode: 'form', message, requestedSchema: { type: 'object', properties } },
    }),
  );
  if (answer.action !== 'accept') {
    return {
      confirmed: false,
      reason: `the user answered "${answer.action}" when asked to confirm: nothing was sent`,
    };
  }
  // Only the fields the form showed: an answer may carry others (`id`), and taking them would send the call
  // somewhere the user was never asked about.
  const changes = Object.fromEntries(
    Object.entries(answer.content ?? {}).filter(([name]) => Object.hasOwn(properties, name)),
  );
  return { confirmed: true, changes };
}
