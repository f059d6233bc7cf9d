import type { ResizeVolumeBody } from '@inference-infra/types';
import { type Operation, ok } from './operationContext.js';

/**
 * Grows a volume of the key's workspace: 404 for an id it does not hold (other workspaces' ids included, so ids do
 * not leak), 409 when the size is not greater. A refused resize changes nothing.
 */
export const resizeVolume: Operation = ({ parts, workspace, options, requestId, error }) => {
  const id = parts.path.id ?? '';
  const volume = workspace.volumes.get(id);
  if (!volume) {
    return error(
      404,
      { code: 'volume_not_found', message: `id: no volume "${id}" in this workspace`, param: 'id' },
      requestId,
    );
  }
  const { size_gb: size } = parts.body as ResizeVolumeBody;
  if (size <= volume.sizeGb) {
    return error(
      409,
      {
        code: 'size_not_increased',
        message: `size_gb: must be greater than the current size of ${volume.sizeGb} GB (got ${size})`,
        param: 'size_gb',
      },
      requestId,
    );
  }
  volume.sizeGb = size;
  // Strictly later than before, even for two resizes in one millisecond: clients may compare the two.
  volume.updatedAt = new Date(
    Math.max(options.now().getTime(), Date.parse(volume.updatedAt) + 1),
  ).toISOString();
  return ok({ data: { ...volume } });
};
