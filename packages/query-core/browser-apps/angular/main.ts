// The Angular app of the browser test, compiled just in time in the page (Angular's compiler first), zoneless: the
// queries' signals drive change detection. A keyless client, pointed at the server the page came from.
import '@angular/compiler';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { createClient } from '@inference-infra/fetch-client';
import { provideInferenceInfraClient } from '@inference-infra/query-core/angular';
import { provideTanStackQuery, QueryClient } from '@tanstack/angular-query-experimental';
import { AppComponent } from './app.js';

const client = createClient({ apiKey: null, baseUrl: `${location.origin}/v1`, platformUrl: location.origin });

bootstrapApplication(AppComponent, {
  providers: [
    provideZonelessChangeDetection(),
    provideTanStackQuery(new QueryClient()),
    provideInferenceInfraClient(client),
  ],
}).catch((error: unknown) => console.error(error));
