import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSource = fileURLToPath(new URL('../contract/src/index.ts', import.meta.url));
const apiOrigin = process.env['API_ORIGIN'] ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@um/contract': contractSource } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiOrigin,
      '/management': apiOrigin,
      '/docs': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging but not announced in every chunk, and the libraries every
    // page needs ship as one chunk: both keep /login inside its 110 kB budget (issue 7).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
    // dist/.vite/manifest.json: which chunks each page loads, for the size budget (issue 7).
    manifest: true,
  },
});
