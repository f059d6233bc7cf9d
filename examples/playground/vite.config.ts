import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative asset paths: the built page works from any address a static server puts it at.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two pages: the playground, and the pricing page the server renders (its server half is built by `build:server`).
    rollupOptions: { input: { main: 'index.html', pricing: 'pricing.html' } },
  },
  server: { host: '127.0.0.1', port: 4013, strictPort: true },
  preview: { host: '127.0.0.1', port: 4013, strictPort: true },
});
