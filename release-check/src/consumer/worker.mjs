// The matrix's entry for workerd: a module worker whose fetch handler runs the checks against the addresses its
// bindings give (BASE_URL, PLATFORM_URL, API_KEY: text bindings of the generated config) and answers their JSON.
import { runFetchClientChecks } from './fetchClientChecks.mjs';

export default {
  async fetch(_request, env) {
    const results = await runFetchClientChecks({
      baseUrl: env.BASE_URL,
      platformUrl: env.PLATFORM_URL,
      apiKey: env.API_KEY,
    });
    return Response.json(results);
  },
};
