/**
 * Serves the built SPA from WEB_ROOT when SERVE_WEB is on (ARCHITECTURE §2, §6): files as they
 * are, hashed /assets/* cached for a year, HTML revalidated; prerendered routes get their own
 * `<route>/index.html`, every other page the shell (`200.html`, else `index.html`). Also owns
 * the not-found handler: /api, missing files and non-GET requests get the 404 envelope.
 */
import fp from 'fastify-plugin';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFound } from '../../core/errors';
import { sendApiError } from '../../core/http/error-handler.plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const BUILD_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>OddsMate is not built yet</title></head>
<body><h1>The web app has not been built</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds once) and reload. The API under /api works meanwhile.</p>
</body></html>
`;

function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The HTML file (relative to root) that answers a page request for `url`. */
function pageFor(root: string, url: string): string {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    pathname = '/';
  }
  // normalize() on a rooted path cannot climb above it, so `..` stays inside root.
  const route = path.posix.normalize(`/${pathname}`).replace(/\/+$/, '');
  const prerendered = path.posix.join(route, 'index.html').replace(/^\//, '');
  if (route !== '' && !prerendered.includes('\0') && isFile(path.join(root, prerendered))) return prerendered;
  if (route === '') return 'index.html';
  return isFile(path.join(root, '200.html')) ? '200.html' : 'index.html';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * A URL the SPA may answer: not the API, not a missing asset or file (a script tag must never
 * receive the HTML shell), i.e. no extension in the last segment.
 */
function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !isApiPath(url) && !pathname.startsWith('/assets/') && !last.includes('.');
}

export default fp(
  async (app) => {
    const { serveWeb, webRoot } = app.config;
    const built = serveWeb && existsSync(path.join(webRoot, 'index.html'));
    if (serveWeb && !built) {
      app.log.warn(`web build missing in ${webRoot}: pages answer 503 until you run "npm run build"; the API works`);
    }
    if (built) {
      await app.register(fastifyStatic, {
        root: webRoot,
        wildcard: true,
        index: false,
        redirect: false,
        // The build writes .br/.gz beside each compressible file (scripts/lib/precompress.mjs).
        preCompressed: true,
        // Files only; page URLs (no extension, or a directory) fall through to the page logic.
        allowedPath: (pathname) => !isPagePath(pathname),
        cacheControl: false,
        setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(webRoot, filePath)),
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const page = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url);
      if (!page || !serveWeb) return sendApiError(request, reply, notFound());
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(BUILD_MISSING_PAGE);
      }
      return reply.sendFile(pageFor(webRoot, request.url));
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['error-handler'] },
);
