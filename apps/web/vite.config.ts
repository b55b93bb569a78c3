import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The shared CSV reader imports csv-parse's Node build; the browser gets its self-contained bundle.
  resolve: { alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  // The manifest lets the bundle-size check find what the home page loads up front.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
