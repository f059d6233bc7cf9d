import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraPlugin } from '@inference-infra/query-core/vue';
import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { createApp } from 'vue';
import App from './App.vue';

// Keyless (`apiKey: null`): the page calls its own origin, where Vite's server holds the key (vite.config.ts).
const client = createClient({ apiKey: null, baseUrl: `${location.origin}/v1`, platformUrl: location.origin });

createApp(App)
  .use(VueQueryPlugin, { queryClient: new QueryClient() })
  .use(InferenceInfraPlugin, { client })
  .mount('#app');
