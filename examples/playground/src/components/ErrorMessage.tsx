import { APIError, RequestValidationError } from '@inference-infra/fetch-client';
import type { InferenceInfraHookError } from '@inference-infra/react-hooks';

/** A hook's error as a reader needs it: each broken rule of a refused request, or what the server said. */
export function ErrorMessage({ error }: { error: InferenceInfraHookError | null }) {
  if (!error) return null;
  if (error instanceof RequestValidationError) {
    return (
      <div role="alert" className="error">
        Not sent: {error.issues.map((issue) => issue.message).join('; ')}
      </div>
    );
  }
  const detail =
    error instanceof APIError && typeof error.body === 'object' && error.body.error?.message
      ? `${error.status}: ${error.body.error.message}`
      : error.message;
  return (
    <div role="alert" className="error">
      {detail}
    </div>
  );
}
