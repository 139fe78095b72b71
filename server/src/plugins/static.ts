import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { App } from '../types';
import type { NotFoundFallback } from './errors';

/** Paths that are never the PWA, so a miss there is a JSON 404 and not index.html. */
const NOT_CLIENT = /^\/(api|_passwordReset|static)(\/|$)/;
// A precompressed copy (`index.html.br`) is the same file to the browser.
const NO_CACHE = /(^|[\\/])(index\.html|sw\.js|registerSW\.js|manifest\.webmanifest)(\.br|\.gz)?$/;
const IMMUTABLE = /[\\/]assets[\\/]/;

function cacheHeaders(reply: FastifyReply, file: string): void {
  if (NO_CACHE.test(file)) reply.header('cache-control', 'no-cache');
  else if (IMMUTABLE.test(file)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'public, max-age=3600');
}

const wantsClientRoute = (request: FastifyRequest) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return !NOT_CLIENT.test(pathname) && !path.posix.basename(pathname).includes('.');
};

const hasBuild = (config: Pick<Config, 'distDir'>) => existsSync(path.join(config.distDir, 'index.html'));

/**
 * Serves the built PWA from DIST_DIR: hashed assets cached for good; index.html, sw.js and the
 * manifest revalidated. The build writes a brotli and a gzip copy beside each compressible file
 * (vite.config.ts): the one the client accepts is sent (`preCompressed`). Without a build (API-only development with Vite in front) only /media/
 * is served, from public/media.
 */
export async function registerStatic(app: App, config: Pick<Config, 'distDir' | 'mediaDir'>): Promise<void> {
  if (hasBuild(config)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      cacheControl: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
    });
    return;
  }
  app.log.warn({ distDir: config.distDir }, 'no PWA build found: run `npm run build` to serve the app');
  if (existsSync(config.mediaDir)) {
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: '/media/',
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
}

/** With a build, client routes (no file extension, not an API path) answer index.html. */
export function clientRouteFallback(config: Pick<Config, 'distDir'>): NotFoundFallback | undefined {
  if (!hasBuild(config)) return undefined;
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsClientRoute(request)) return false;
    void reply.sendFile('index.html');
    return true;
  };
}
