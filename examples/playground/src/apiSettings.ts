/** Where the page sends its requests: its own server's API route, which holds the key (`createApiRoute` of the fetch client). */
export interface ApiSettings {
  baseUrl: string;
  platformUrl: string;
}

/** The page's own origin: `/v1/...` for inference, `/api/...` for the platform, both passed on with the key. */
export function apiSettingsFor(origin: string): ApiSettings {
  return { baseUrl: `${origin}/v1`, platformUrl: origin };
}
