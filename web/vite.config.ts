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
    // Maps are written for debugging but not announced in every chunk, the libraries every
    // page needs ship as one chunk, and so do the app's own small modules that every page
    // needs (`core`): each chunk of its own cost /login a few hundred bytes of imports and
    // gzip framing. All three keep /login inside its 110 kB budget (issue 7).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
            {
              name: 'core',
              test: /web[\\/]src[\\/](lib[\\/](api-client|session|forms|hydration|theme|query)|components[\\/]ui[\\/](Field|Banner|Brand|ThemeToggle|Button|Spinner))\.|contract[\\/]src[\\/](paths|constants|spec-texts[\\/](sign-in|frame))\.|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|defaultAttributes|shared|Icon|icons[\\/](circle-check|x|shield-check|sun-moon|sun|moon))\./,
            },
          ],
        },
      },
    },
    // dist/.vite/manifest.json: which chunks each page loads, for the size budget (issue 7).
    manifest: true,
  },
});
