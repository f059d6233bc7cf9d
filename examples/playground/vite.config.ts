import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative asset paths: the built page works from any address a static server puts it at.
  base: './',
  build: { outDir: 'dist', emptyOutDir: true },
  server: { host: '127.0.0.1', port: 4013, strictPort: true },
  preview: { host: '127.0.0.1', port: 4013, strictPort: true },
});
