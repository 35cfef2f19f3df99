import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { textParts } from './text-parts.ts';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), textParts(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // What the first screen runs (main.tsx and all it imports statically) is one chunk beside the
        // entry, not twenty small ones shared with pages: fewer round trips before the first render
        // (#17). Grouped modules run in the order their imports say only with strictExecutionOrder.
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
        strictExecutionOrder: true,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/ipfs': api,
      '/media': api,
      '/healthz': api,
      '/ws': { target: api, ws: true },
    },
  },
});
