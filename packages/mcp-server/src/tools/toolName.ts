/** An operationId as an MCP tool name: `listInstanceTypes` → `list_instance_types` (what agents' tool lists use). */
export function toolNameOf(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}
