import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { BarChart3, LogIn, type LucideIcon, MessageSquare, Moon, ShieldCheck, Sun, Wrench } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { splashHtml } from './src/shell/boot/markup.ts';

const backend = 'http://localhost:8080';

const toBackend: ProxyOptions = { target: backend };

// `/download` is both a page of this app and the server's file endpoint: browser navigations
// (Accept: text/html) get the app, fetches with a bearer token go to the server.
const downloadProxy: ProxyOptions = {
  target: backend,
  bypass: (req: IncomingMessage) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/**
 * Writes a .br and a .gz beside every text asset of the build; the server sends them to browsers that
 * accept them (@fastify/static's preCompressed). A phone on a slow network downloads about a quarter
 * of the bytes, with no compression work per request (issue 13, first load).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hangar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|map)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * `virtual:boot-icons`: the few lucide icons of the signed-out pages as SVG markup, rendered here
 * with lucide-react itself, so those pages draw them without loading React (issue 13, first load).
 */
function bootIcons(): Plugin {
  const id = 'virtual:boot-icons';
  const icons: Record<string, LucideIcon> = {
    barChart: BarChart3,
    logIn: LogIn,
    messageSquare: MessageSquare,
    moon: Moon,
    shieldCheck: ShieldCheck,
    sun: Sun,
    wrench: Wrench,
  };
  return {
    name: 'hangar-boot-icons',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      return Object.entries(icons)
        .map(([name, icon]) => {
          const [before, after] = renderToStaticMarkup(createElement(icon, { className: '%CLASS%', 'aria-hidden': true })).split('%CLASS%');
          return `export const ${name} = (className) => ${JSON.stringify(before)} + className + ${JSON.stringify(after)};`;
        })
        .join('\n');
    },
  };
}

/**
 * index.html gets the splash's markup (it shows before any script runs), and at build the landing's
 * small stylesheet inline instead of a render-blocking request (issue 13, first load).
 */
function staticShell(): Plugin {
  return {
    name: 'hangar-static-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let out = html.replace('<!--hangar-splash-->', splashHtml());
        for (const [fileName, chunk] of Object.entries(ctx.bundle ?? {})) {
          if (chunk.type !== 'asset' || !fileName.endsWith('.css')) continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
          if (link.test(out)) out = out.replace(link, () => `<style>${String(chunk.source)}</style>`);
        }
        return out;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), bootIcons(), staticShell(), precompress()],
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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Apart from React: the portal on "/" has no router, only /pdf, /download and 404 load it.
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            // Not lucide-react: each icon goes with the screen that draws it (the landing draws five).
            { name: 'libs', test: /node_modules[\\/](@tanstack|zod|sonner)[\\/]/ },
          ],
        },
      },
    },
  },
});
