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
