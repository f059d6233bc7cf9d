// Angular's compiler first: the components compile just in time in the page, so plain Vite needs no Angular plugin.
import '@angular/compiler';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { createClient } from '@inference-infra/fetch-client';
import { provideInferenceInfraClient } from '@inference-infra/query-core/angular';
import { provideTanStackQuery, QueryClient } from '@tanstack/angular-query-experimental';
import { AppComponent } from './app';

// Keyless (`apiKey: null`): the page calls its own origin, where Vite's server holds the key (vite.config.ts).
const client = createClient({ apiKey: null, baseUrl: `${location.origin}/v1`, platformUrl: location.origin });

// Zoneless: the queries' signals drive change detection.
bootstrapApplication(AppComponent, {
  providers: [
    provideZonelessChangeDetection(),
    provideTanStackQuery(new QueryClient()),
    provideInferenceInfraClient(client),
  ],
}).catch((error: unknown) => console.error(error));
