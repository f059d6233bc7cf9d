import { svelte } from '@sveltejs/vite-plugin-svelte';
import { describeBrowserScenario } from '../test/browserScenario.js';

describeBrowserScenario('svelte', () => svelte(), '@sveltejs/vite-plugin-svelte');
