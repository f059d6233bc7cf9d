// The Vue app of the browser test: the page's keyless client (and the stream fault the test asks for), handed to the
// composables by the plugin, beside vue-query's own.
import { InferenceInfraPlugin } from '@inference-infra/query-core/vue';
import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { createApp } from 'vue';
import { createPageClient } from '../shared/pageClient.js';
import App from './App.vue';

const client = createPageClient();

createApp(App)
  .use(VueQueryPlugin, { queryClient: new QueryClient() })
  .use(InferenceInfraPlugin, { client })
  .mount('#app');
