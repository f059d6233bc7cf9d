/** Where the page sends its requests. The mock of `pnpm start` by default; a test points it at its own servers. */
export interface ApiSettings {
  apiKey: string;
  baseUrl: string;
  platformUrl: string;
}

const mockDefaults: ApiSettings = {
  // Any bearer key works against the mock; never put a real key in a page address.
  apiKey: 'ii_live_mock',
  baseUrl: 'http://127.0.0.1:4010/v1',
  platformUrl: 'http://127.0.0.1:4011',
};

/** Reads `?baseUrl=...&platformUrl=...&apiKey=...` from the page address, each falling back to the mock's. */
export function apiSettingsFrom(search: string): ApiSettings {
  const params = new URLSearchParams(search);
  return {
    apiKey: params.get('apiKey') || mockDefaults.apiKey,
    baseUrl: params.get('baseUrl') || mockDefaults.baseUrl,
    platformUrl: params.get('platformUrl') || mockDefaults.platformUrl,
  };
}
