import { useGenerateImages } from '@inference-infra/react-hooks';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from './ErrorMessage';

export function ImageForm() {
  const [prompt, setPrompt] = useState('A lighthouse at dusk');
  const generate = useGenerateImages();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // b64_json keeps the image inside the answer; a `url` would point at a host outside this machine.
    generate.mutate({ model: 'flux-1-schnell', prompt, response_format: 'b64_json' });
  }

  return (
    <section aria-labelledby="images-heading">
      <h2 id="images-heading">Generate an image</h2>
      <form onSubmit={submit}>
        <label>
          Prompt
          <input value={prompt} onChange={(event) => setPrompt(event.target.value)} />
        </label>
        <button type="submit" disabled={generate.isPending}>
          {generate.isPending ? 'Generating…' : 'Generate'}
        </button>
      </form>
      <ErrorMessage error={generate.error} />
      <div className="images">
        {generate.data?.data.map((image, index) =>
          image.b64_json ? (
            <img
              // The answer's order is the only identity an image has.
              // biome-ignore lint/suspicious/noArrayIndexKey: results have no id; they never reorder.
              key={index}
              src={`data:image/png;base64,${image.b64_json}`}
              alt={`Generated for “${generate.variables?.prompt}”`}
            />
          ) : null,
        )}
      </div>
    </section>
  );
}
