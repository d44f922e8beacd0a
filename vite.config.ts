import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The top-level manifest is the single source; vite-plugin-pwa emits it and links it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: the loads and drafts loaders read IndexedDB, which the sign-in screen must not download.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // The first install takes control of the open page: otherwise, until a reload, lazily loaded
        // chunks (routes, dialogs) bypass the precache and fail offline. Updates still wait for the prompt.
        clientsClaim: true,
        // The base map's tiles already seen (MAP_TILE_URL, a MAP_STYLE_URL style's sources), bounded, so
        // places visited draw offline. Cross-origin GETs are the map's only (the CSP allows no other
        // origin); range requests (a remote PMTiles archive) are never cached: a cached whole file would
        // answer every range wrongly. The app's own archive is kept in OPFS instead (src/data/kept-map-archive.ts).
        runtimeCaching: [
          {
            urlPattern: ({ sameOrigin, request, url }) =>
              !sameOrigin && !request.headers.has('range') && /\/\d+\/\d+\/\d+(@\dx)?(\.\w+)?$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: 4000, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ sameOrigin, request }) => !sameOrigin && !request.headers.has('range'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'map-styles',
              expiration: { maxEntries: 200, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    // .br and .gz twins of the built files at maximum levels (brotli 11, gzip 9), served by @fastify/static
    // (`preCompressed`); smaller files are not worth a request's Content-Encoding.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  // The planner is started as a module worker (src/data/planner.ts); the default 'iife' output cannot code-split.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/socket.io': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
