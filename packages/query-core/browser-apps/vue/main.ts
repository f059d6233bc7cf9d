// The Vue app of the browser test: a keyless client, pointed at the server the page came from (its API route holds
// the key), handed to the composables by the plugin, beside vue-query's own.
import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraPlugin } from '@inference-infra/query-core/vue';
import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { createApp } from 'vue';
import App from './App.vue';

const client = createClient({ apiKey: null, baseUrl: `${location.origin}/v1`, platformUrl: location.origin });

createApp(App)
  .use(VueQueryPlugin, { queryClient: new QueryClient() })
  .use(InferenceInfraPlugin, { client })
  .mount('#app');
