/**
 * Serves the built SPA from WEB_ROOT when SERVE_WEB is on: files as they
 * are, hashed /assets/* cached for a year, HTML revalidated; prerendered routes get their own
 * `<route>/index.html`, the other routes of the app the shell (`200.html`, else `index.html`),
 * and any other page URL answers 404 with the not-found page (`404.html` when the build has
 * one, else the shell, which renders the SPA's not-found page). HTML carries Permissions-Policy.
 * Also owns the not-found handler: /api, missing files and non-GET requests get the 404 envelope.
 */
import fp from 'fastify-plugin';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFound } from '../../core/errors';
import { sendApiError } from '../../core/http/error-handler.plugin';
import { PERMISSIONS_POLICY } from '../../core/http/security-headers.plugin';

/**
 * Every route the SPA renders a page for (src/client/app/app-routes.tsx; a test keeps the two
 * lists equal). Matched like react-router does: ignoring case and a trailing slash.
 */
export const SPA_ROUTES: readonly string[] = [
  '/',
  '/nigeria',
  '/kenya',
  '/ghana',
  '/about',
  '/terms',
  '/privacy',
  '/responsible-gambling',
  '/dashboard',
  '/profile',
  '/help',
  '/feedback',
  '/drops',
  '/tools/surebets',
  '/tools/value',
  '/slip',
  '/alerts',
];
const KNOWN_ROUTES = new Set(SPA_ROUTES.map((route) => route.toLowerCase()));
/**
 * Routes with a parameter, one segment each of an id's characters: `/match/<eventId>` and a shared
 * booking code's page `/code/<book>/<code>` (the page itself says when the book or code is not valid).
 */
const PARAM_ROUTES: readonly RegExp[] = [
  /^\/match\/[A-Za-z0-9_-]{1,64}$/,
  /^\/code\/[A-Za-z0-9_-]{1,32}\/[A-Za-z0-9_-]{1,64}$/,
];

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

/** The route a page URL names (`/about/` → `/about`), or null when it names none of the app's. */
function knownRoute(url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const route = pathname.replace(/\/+$/, '') || '/';
  if (PARAM_ROUTES.some((pattern) => pattern.test(route))) return route;
  return KNOWN_ROUTES.has(route.toLowerCase()) ? route.toLowerCase() : null;
}

const shellOf = (root: string) => (isFile(path.join(root, '200.html')) ? '200.html' : 'index.html');

/** The HTML file (relative to root) and status that answer a page request for `url`. */
function pageFor(root: string, url: string): { file: string; status: number } {
  const route = knownRoute(url);
  if (route === null) return { file: isFile(path.join(root, '404.html')) ? '404.html' : shellOf(root), status: 404 };
  if (route === '/') return { file: 'index.html', status: 200 };
  const prerendered = `${route.slice(1)}/index.html`;
  return { file: isFile(path.join(root, prerendered)) ? prerendered : shellOf(root), status: 200 };
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
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControlFor(webRoot, filePath));
          if (filePath.endsWith('.html')) res.setHeader('permissions-policy', PERMISSIONS_POLICY);
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const page = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url);
      if (!page || !serveWeb) return sendApiError(request, reply, notFound());
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .header('permissions-policy', PERMISSIONS_POLICY)
          .type('text/html; charset=utf-8')
          .send(BUILD_MISSING_PAGE);
      }
      const { file, status } = pageFor(webRoot, request.url);
      return reply.code(status).header('permissions-policy', PERMISSIONS_POLICY).sendFile(file);
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['error-handler'] },
);
