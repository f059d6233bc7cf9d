// The Angular app of the browser test, compiled just in time in the page (Angular's compiler first), zoneless: the
// queries' signals drive change detection. The page's keyless client (and the stream fault the test asks for).
import '@angular/compiler';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideInferenceInfraClient } from '@inference-infra/query-core/angular';
import { provideTanStackQuery, QueryClient } from '@tanstack/angular-query-experimental';
import { createPageClient } from '../shared/pageClient.js';
import { AppComponent } from './app.js';

const client = createPageClient();

bootstrapApplication(AppComponent, {
  providers: [
    provideZonelessChangeDetection(),
    provideTanStackQuery(new QueryClient()),
    provideInferenceInfraClient(client),
  ],
}).catch((error: unknown) => console.error(error));
