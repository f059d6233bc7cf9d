import vue from '@vitejs/plugin-vue';
import { describeBrowserScenario } from '../test/browserScenario.js';

describeBrowserScenario('vue', () => vue(), '@vitejs/plugin-vue');
