import { useResizeVolume } from '@inference-infra/react-hooks';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from './ErrorMessage';

export function ResizeForm() {
  const [volumeId, setVolumeId] = useState('vol_training');
  const [sizeGb, setSizeGb] = useState('500');
  const resize = useResizeVolume();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    resize.mutate({ id: volumeId, size_gb: Number(sizeGb) });
  }

  return (
    <section aria-labelledby="resize-heading">
      <h2 id="resize-heading">Resize a volume</h2>
      {/* noValidate: the spec's rules are checked by the client, which names the field and the bound. */}
      <form onSubmit={submit} noValidate>
        <label>
          Volume id
          <input value={volumeId} onChange={(event) => setVolumeId(event.target.value)} />
        </label>
        <label>
          New size (GB)
          <input type="number" value={sizeGb} onChange={(event) => setSizeGb(event.target.value)} />
        </label>
        <button type="submit" disabled={resize.isPending}>
          {resize.isPending ? 'Resizing…' : 'Resize'}
        </button>
      </form>
      <ErrorMessage error={resize.error} />
      {resize.isSuccess && (
        <output className="success">
          {resize.data.data.name} ({resize.data.data.id}) is now {resize.data.data.sizeGb} GB, status{' '}
          {resize.data.data.status}.
        </output>
      )}
    </section>
  );
}
