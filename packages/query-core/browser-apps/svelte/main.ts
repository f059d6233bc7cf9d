// The Svelte app of the browser test: its root component sets the QueryClient and the keyless client on the context.
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app') as HTMLElement });
