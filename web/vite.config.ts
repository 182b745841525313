import type { IncomingMessage } from 'node:http';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const backend = 'http://localhost:8080';

const toBackend: ProxyOptions = { target: backend };

// `/download` is both a page of this app and the server's file endpoint: browser navigations
// (Accept: text/html) get the app, fetches with a bearer token go to the server.
const downloadProxy: ProxyOptions = {
  target: backend,
  bypass: (req: IncomingMessage) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': toBackend,
      '/auth': toBackend,
      '/idp': toBackend,
      '/interaction': toBackend,
      '/metrics': toBackend,
      '^/download(?:\\?|$)': downloadProxy,
    },
  },
  build: {
    outDir: 'dist',
    // ECharts (the admin analytics tab) is one lazily loaded chunk of about 570 kB.
    chunkSizeWarningLimit: 700,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // pdf.js, pptxgenjs and modern-screenshot stay out: they load only when used.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'libs', test: /node_modules[\\/](@tanstack|zod|lucide-react|sonner)[\\/]/ },
          ],
        },
      },
    },
  },
});
