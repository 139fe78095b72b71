import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { MANIFEST_LOOK } from './src/shared/app-manifest';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/*
 * Chunks of what the first screen (/login) needs, so that it arrives as a few well-compressed
 * files instead of twenty small ones. A group takes every module its test matches, wherever it
 * is imported: only list what /login loads anyway (bench: login.initial_js_kb).
 */
/** The entry's own helpers (language, translations, constants, Vite's preloader): no library. */
const START = /src[\\/](shared[\\/]constants|lib[\\/](language|translations))\.ts$|vite[\\/]preload-helper/;
/** The libraries every screen starts with (React, the router, i18next, React Query, the store). */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/;
/** Mantine's core and the components of the shell and the sign-in form. */
const MANTINE_FIRST =
  /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Transition|Button|UnstyledButton|Loader|Input|InputBase|TextInput|PasswordInput|Text|Group|Stack|Paper|ActionIcon|CloseButton|Alert|Title|Container|Anchor|Image|NativeSelect|Breadcrumbs|List|Combobox[\\/]ComboboxChevron))[\\/]|@mantine[\\/]store[\\/]|@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store|clsx[\\/])/;
/**
 * The app's own modules every screen uses (API client, errors, paths, session) and the sign-in
 * page, the first screen of everyone not signed in: it arrives with the app, no extra request.
 */
const APP_CORE =
  /src[\\/](lib[\\/](api-client|display-time-zone|report-error|browser|form-errors|use-submit|notify|api-error|device-session|paths[\\/][^\\/]+|components[\\/]form-error-list)|shared[\\/](audiences|errors|floor-device|roles)|app[\\/]routes[\\/]public[\\/](login-route|public-page)|app[\\/]session[\\/]use-start-session|features[\\/]auth[\\/](components[\\/]login-form|api[\\/]login))\.tsx?$/;

/**
 * The boot chunk: boot.tsx with the shell, the guards and the session it renders around every
 * page. Kept in app-core's file rather than a file of its own: the two share most of their
 * vocabulary, and one brotli stream of both is 1.3 KB smaller than two (and one request less).
 */
const BOOT =
  /src[\\/](boot\.tsx|app[\\/]((app|providers|theme|route-tree|route-builders|route-handle|lazy-route)\.tsx?|guards[\\/][^\\/]+|session[\\/][^\\/]+|shell[\\/](?!toasts\.)[^\\/]+|routes[\\/]public[\\/](routes|auth-redirect)\.tsx?)|lib[\\/](dialogs|update|authorization)\.ts|shared[\\/]permissions\.ts|features[\\/](venues[\\/]api[\\/]check-hostname|auth[\\/](api[\\/]logout|hooks[\\/]use-logout))\.ts)$|node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](defaultAttributes|createReactComponent|icons[\\/](IconLogout|IconKey))\.mjs$/;

/** The date library and the formatting of dates and amounts (the zone they are shown in is apart). */
const FORMAT = /src[\\/]lib[\\/]format\.ts$|node_modules[\\/]dayjs[\\/]/;

/**
 * The app's code (src/boot.tsx and the chunks it imports) is a dynamic import of the small entry,
 * so the browser would discover it only once the entry has run. Announcing it in index.html as
 * module preloads lets it download beside the entry and the translations (issue 11: one round
 * trip less before the sign-in page paints).
 */
function preloadBoot(): Plugin {
  return {
    name: 'paddock-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/boot.tsx')));
        if (!boot) throw new Error('preloadBoot: no chunk for src/boot.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(boot.fileName);
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          }));
        return { html, tags: links };
      },
    },
  };
}

/** Files worth compressing, and the size below which a compressed copy saves nothing. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file of the build, once the build (and the service worker) is written; the server sends the
 * one the browser accepts (server/src/plugins/static.ts, preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'paddock-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < MIN_BYTES) continue;
          const br = brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          const gz = gzipSync(content, { level: 9 });
          if (br.length < content.length) writeFileSync(`${file}.br`, br);
          if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

export default defineConfig({
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has useSyncExternalStore: react-i18next's polyfill import gets React's own.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/vendor/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString()),
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Paddock — show office',
        short_name: 'Paddock',
        description: 'Show office and payment clearing for equestrian shows',
        lang: 'de',
        start_url: '/',
        scope: '/',
        ...MANIFEST_LOOK,
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    preloadBoot(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/_passwordReset': apiTarget,
      '/static/dist/translations.json': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What main.tsx needs before any library: kept out of the groups below, whose
            // chunks would otherwise take it in as a dependency and make the entry wait for them.
            { name: 'start', test: START },
            { name: 'framework', test: FRAMEWORK },
            { name: 'mantine', test: MANTINE_FIRST },
            { name: 'app-core', test: (id: string) => APP_CORE.test(id) || BOOT.test(id) },
            // Dates and amounts as shown: many pages use them, the sign-in page does not (kept
            // out of the boot chunk, where the bundler would otherwise put what pages share).
            { name: 'format', test: FORMAT },
          ],
        },
      },
    },
  },
});
