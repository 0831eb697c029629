/**
 * Watches a browser context for what must never happen on a journey's pages:
 * console errors, uncaught page errors, failed requests (network failures and HTTP 4xx/5xx that
 * the journey did not provoke), React hydration errors and CSP violations. Everything seen is also
 * kept as a log, saved with the screenshot when a journey fails.
 */
import { type BrowserContext, type ConsoleMessage, type Request, type Response } from 'playwright-core';
import { unstyledClasses } from './css-classes';

export type ProblemKind = 'console' | 'pageerror' | 'request' | 'hydration' | 'csp' | 'css';

export interface Problem {
  kind: ProblemKind;
  text: string;
  url?: string;
}

/** A request the journey provokes on purpose: URL (substring or pattern), and its status when known. */
export interface Allowed {
  url: string | RegExp;
  status?: number;
  method?: string;
}

interface CspReport {
  directive: string;
  blocked: string;
  source: string;
  line: number;
}

/** React 19 production hydration errors (#418 text/tree mismatch, #419/#421-#425) and dev texts. */
const HYDRATION = /Minified React error #(418|419|421|422|423|425)\b|hydrat|did not match|server rendered HTML/i;
const CSP_CONSOLE = /Refused to (load|execute|apply|connect|frame|create)|Content Security Policy/i;
/**
 * The browser's own console line for a failed load (an error status or a network failure): the
 * request itself is judged by onResponse / onRequestFailed, where allowed ones are let by.
 */
const FAILED_RESOURCE = /^Failed to load resource: /;

/** Reports every class name an element of the page carries, at any moment, once per document. */
const CLASS_LISTENER = `
  (() => {
    const seen = new Set();
    const collect = (root) => {
      const fresh = [];
      const add = (element) => {
        for (const name of element.classList || []) if (!seen.has(name)) (seen.add(name), fresh.push(name));
      };
      if (root.classList) add(root);
      if (root.querySelectorAll) root.querySelectorAll('[class]').forEach(add);
      if (fresh.length > 0) window.__e2eClasses(fresh);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') collect(record.target);
        else record.addedNodes.forEach((node) => node.nodeType === 1 && collect(node));
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    document.addEventListener('DOMContentLoaded', () => collect(document.documentElement));
  })();
`;

const CSP_LISTENER = `
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__e2eCspViolation({
      directive: event.effectiveDirective || event.violatedDirective,
      blocked: event.blockedURI,
      source: event.sourceFile,
      line: event.lineNumber,
    });
  });
`;

export class ContextWatch {
  readonly problems: Problem[] = [];
  readonly log: string[] = [];
  private readonly allowed: Allowed[] = [];
  private readonly allowedConsole: RegExp[] = [];
  readonly requests: { method: string; url: string; status: number }[] = [];
  /** Every class name an element carried on the journey's pages. */
  readonly classes = new Set<string>();

  static async attach(context: BrowserContext): Promise<ContextWatch> {
    const watch = new ContextWatch();
    await context.exposeBinding('__e2eCspViolation', (_source, report: CspReport) => watch.onCsp(report));
    await context.addInitScript(CSP_LISTENER);
    await context.exposeBinding('__e2eClasses', (_source, names: string[]) =>
      names.forEach((n) => watch.classes.add(n)),
    );
    await context.addInitScript(CLASS_LISTENER);
    context.on('console', (message) => watch.onConsole(message));
    context.on('weberror', (error) => watch.onPageError(error.error(), error.page()?.url()));
    context.on('requestfailed', (request) => watch.onRequestFailed(request));
    context.on('response', (response) => watch.onResponse(response));
    return watch;
  }

  /** Declares requests the journey provokes, e.g. `{ url: '/api/users/login', status: 401 }`. */
  allow(...rules: Allowed[]): void {
    this.allowed.push(...rules);
  }

  /** Declares console errors the journey provokes (e.g. the render error behind the error screen). */
  allowConsole(...patterns: RegExp[]): void {
    this.allowedConsole.push(...patterns);
  }

  /** Requests seen so far whose path matches `pattern` (e.g. to assert a refresh happened). */
  seen(pattern: string | RegExp, status?: number): { method: string; url: string; status: number }[] {
    return this.requests.filter(
      (request) => matches(pattern, request.url) && (status === undefined || request.status === status),
    );
  }

  /** Throws with every problem seen, so a journey ends red when its pages misbehaved. */
  assertClean(): void {
    for (const name of unstyledClasses(this.classes)) {
      this.problems.push({ kind: 'css', text: `.${name} is styled by Bootstrap but missing from the built CSS` });
    }
    if (this.problems.length === 0) return;
    const lines = this.problems.map((p) => `  [${p.kind}] ${p.text}${p.url ? ` (${p.url})` : ''}`);
    throw new Error(`The pages of this journey reported ${this.problems.length} problem(s):\n${lines.join('\n')}`);
  }

  private note(line: string): void {
    this.log.push(`${new Date().toISOString()} ${line}`);
  }

  private isAllowed(url: string, status: number | undefined, method: string): boolean {
    return this.allowed.some(
      (rule) =>
        matches(rule.url, url) &&
        (rule.status === undefined || rule.status === status) &&
        (rule.method === undefined || rule.method.toUpperCase() === method.toUpperCase()),
    );
  }

  private onConsole(message: ConsoleMessage): void {
    const text = message.text();
    const where = message.location().url;
    this.note(`console.${message.type()}: ${text}${where ? ` (${where})` : ''}`);
    if (CSP_CONSOLE.test(text)) return (this.problems.push({ kind: 'csp', text, url: where }), undefined);
    if (HYDRATION.test(text)) return (this.problems.push({ kind: 'hydration', text, url: where }), undefined);
    if (message.type() !== 'error') return;
    // The response itself is judged in onResponse; allowed ones also explain this line.
    if (FAILED_RESOURCE.test(text)) return;
    if (this.allowedConsole.some((pattern) => pattern.test(text))) return;
    this.problems.push({ kind: 'console', text, url: where });
  }

  private onPageError(error: Error, url: string | undefined): void {
    const text = `${error.name}: ${error.message}`;
    this.note(`pageerror: ${text}\n${error.stack ?? ''}`);
    if (this.allowedConsole.some((pattern) => pattern.test(text))) return;
    this.problems.push({ kind: HYDRATION.test(text) ? 'hydration' : 'pageerror', text, url });
  }

  private onCsp(report: CspReport): void {
    const text = `CSP ${report.directive} blocked ${report.blocked || '(inline)'} at ${report.source}:${report.line}`;
    this.note(text);
    this.problems.push({ kind: 'csp', text });
  }

  private onRequestFailed(request: Request): void {
    const failure = request.failure()?.errorText ?? 'failed';
    this.note(`request failed: ${request.method()} ${request.url()} ${failure}`);
    // A request the page gave up on (navigation away, aborted fetch) is not a failure of the app.
    if (failure === 'net::ERR_ABORTED') return;
    if (this.isAllowed(request.url(), undefined, request.method())) return;
    this.problems.push({ kind: 'request', text: `${request.method()} ${failure}`, url: request.url() });
  }

  private onResponse(response: Response): void {
    const request = response.request();
    const status = response.status();
    const url = response.url();
    this.requests.push({ method: request.method(), url, status });
    if (status < 400) return;
    this.note(`response ${status}: ${request.method()} ${url}`);
    if (this.isAllowed(url, status, request.method())) return;
    this.problems.push({ kind: 'request', text: `${request.method()} answered ${status}`, url });
  }
}

function matches(pattern: string | RegExp, url: string): boolean {
  return typeof pattern === 'string' ? url.includes(pattern) : pattern.test(url);
}
