import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The shared CSV reader imports csv-parse's Node build; the browser gets its self-contained bundle.
  resolve: { alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  // The manifest lets the bundle-size check find what the home page loads up front.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  // The server's render of the first screen (src/entry-server.tsx, built with --ssr into
  // dist-server/) carries everything it imports, the shared TypeScript package included: the API
  // server imports the one file.
  ssr: { noExternal: true },
  // React's production build on the server too (a server build otherwise reads NODE_ENV at run time).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
}));
