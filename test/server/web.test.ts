import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SPA_ROUTES } from '../../src/server/modules/web/web.plugin';
import { buildTestApp, type TestApp } from './support/test-app';

function fakeBuild(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-web-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

const BUILD = {
  'index.html': '<html>landing prerendered</html>',
  '200.html': '<html>shell</html>',
  'nigeria/index.html': '<html>nigeria prerendered</html>',
  'about/index.html': '<html>about prerendered</html>',
  'assets/main.3f9a1c.js': 'console.log("app")',
  'assets/main.3f9a1c.css': 'body{}',
  'favicon.svg': '<svg></svg>',
};

describe('static web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ serveWeb: true, webRoot: fakeBuild(BUILD) }, { smtp: false });
  });
  afterAll(() => t.close());

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url });

  it('serves prerendered routes from their own index.html, revalidated, under the CSP', async () => {
    for (const [url, body] of [
      ['/', 'landing prerendered'],
      ['/nigeria', 'nigeria prerendered'],
      ['/nigeria/', 'nigeria prerendered'],
      ['/about?ref=footer', 'about prerendered'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(body);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers the other routes of the app with the shell (200.html)', async () => {
    for (const url of ['/dashboard', '/profile', '/help/', '/Feedback?x=1']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<html>shell</html>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/dashboard', 'HEAD')).statusCode).toBe(200);
  });

  // Changed: unknown page URLs answered 200 with the shell; now 404 (the shell
  // renders the SPA's not-found page), so crawlers and monitors see the truth.
  it('answers unknown page URLs 404 with the shell, which renders the not-found page', async () => {
    for (const url of ['/deep/link/here?x=1', '/%E2%82%AC', '/nigeria/extra']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('<html>shell</html>');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('serves hashed assets with a year-long immutable cache, other files revalidated', async () => {
    const script = await get('/assets/main.3f9a1c.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("app")');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/main.3f9a1c.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('never answers a missing file, an API path or a non-GET with HTML', async () => {
    for (const [url, method] of [
      ['/assets/missing.js', 'GET'],
      ['/robots.txt', 'GET'],
      ['/api/nothing', 'GET'],
      ['/dashboard', 'POST'],
    ] as const) {
      const response = await get(url, method);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('never serves files from outside the web root', async () => {
    for (const url of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc/passwd']) {
      const response = await get(url);
      expect(response.body).not.toContain('root:');
    }
  });

  it('falls back to index.html when the build has no 200.html', async () => {
    const other = await buildTestApp(
      { serveWeb: true, webRoot: fakeBuild({ 'index.html': '<html>only index</html>' }) },
      { smtp: false },
    );
    const response = await other.app.inject({ url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<html>only index</html>');
    await other.close();
  });
});

describe('missing or disabled web build', () => {
  it('warns once and answers pages with a 503 explaining how to build, while the API works', async () => {
    const logs: string[] = [];
    const t = await buildTestApp(
      { serveWeb: true, webRoot: path.join(os.tmpdir(), 'oddsmate-no-such-build') },
      { smtp: false, logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } } },
    );
    expect(logs.join('')).toContain('web build missing');
    const page = await t.app.inject({ url: '/dashboard' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('npm run build');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await t.close();
  });

  it('serves no pages with SERVE_WEB=off (API-only processes and `npm run dev`)', async () => {
    const t = await buildTestApp({ serveWeb: false, webRoot: fakeBuild(BUILD) }, { smtp: false });
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/assets/main.3f9a1c.js' })).statusCode).toBe(404);
    await t.close();
  });
});

describe('precompressed build', () => {
  let t: TestApp;
  let root: string;
  const script = `console.log(${JSON.stringify('odds '.repeat(400))})`;
  const landing = `<html>${'landing prerendered '.repeat(100)}</html>`;

  beforeAll(async () => {
    root = fakeBuild({ ...BUILD, 'index.html': landing, 'assets/main.3f9a1c.js': script });
    // The real build step, as `npm run build` runs it.
    const result = spawnSync(process.execPath, ['scripts/lib/precompress.mjs', root], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    t = await buildTestApp({ serveWeb: true, webRoot: root }, { smtp: false });
  });
  afterAll(() => t.close());

  it('writes brotli and gzip files that decompress to the original, skipping tiny files', () => {
    expect(brotliDecompressSync(readFileSync(path.join(root, 'assets/main.3f9a1c.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(root, 'index.html.gz'))).toString()).toBe(landing);
    expect(existsSync(path.join(root, 'favicon.svg.br'))).toBe(false);
  });

  it('sends the brotli or gzip file the browser accepts, and the plain file otherwise', async () => {
    const asset = (encoding?: string) =>
      t.app.inject({ url: '/assets/main.3f9a1c.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses prerendered pages too', async () => {
    const page = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(landing);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('the routes the server knows', () => {
  const clientPaths = () => {
    const source = readFileSync(path.join(__dirname, '../../src/client/app/app-routes.tsx'), 'utf8');
    const paths = new Set<string>();
    for (const match of source.matchAll(/path(?:=|:\s*)["'](\/[^"']*)["']/g)) paths.add(match[1]!);
    return [...paths];
  };

  it('are exactly the routes the SPA renders a page for (src/client/app/app-routes.tsx)', () => {
    const fixed = clientPaths().filter((p) => !p.includes(':'));
    expect(fixed.sort()).toEqual([...SPA_ROUTES].sort());
  });

  it('include every route with a parameter the SPA has (200, not 404)', async () => {
    const withParams = clientPaths().filter((p) => p.includes(':'));
    const t = await buildTestApp({ serveWeb: true, webRoot: fakeBuild(BUILD) }, { smtp: false });
    for (const route of withParams) {
      const url = route.replace(/:\w+/g, 'evt_0123abcd');
      expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 200]);
    }
    await t.close();
  });
});
