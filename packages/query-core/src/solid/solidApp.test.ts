import solid from 'vite-plugin-solid';
import { describeBrowserScenario } from '../test/browserScenario.js';

describeBrowserScenario('solid', () => solid(), 'vite-plugin-solid');
