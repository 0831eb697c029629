/**
 * `npm run replay -- LOG.json [--until N] [--route PATH] [--html OUT.html] [--screenshot OUT.png] [--state OUT.json] [--errors] [--strict] [--build ID]`
 *
 * Rebuilds a session's state from an exported action log (or a Redux DevTools export) in a
 * fresh store with side effects off, prints where the person was and what failed, and
 * renders the screen at the end (or after action N). docs/qa-replay.md explains it.
 */
import './replay/ignore-assets';
import './replay/static-dialogs';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { errorsInLog } from './replay/error-codes';
import { LogError } from './replay/log-types';
import { readLog } from './replay/read-log';
import { replayLog } from './replay/replay-log';
import { builtCss, recordedOddsLayout, renderScreen, wrapPage } from './replay/render-screen';
import { screenshot } from './replay/screenshot';
import { replayBuild } from './replay/build-id';
import { checkReplay, formatError, strictFailures, summarize } from './replay/summary';

const USAGE =
  'usage: npm run replay -- LOG.json [--until N] [--route PATH] [--html OUT.html] [--screenshot OUT.png] [--state OUT.json] [--errors] [--strict] [--build ID]';

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      until: { type: 'string' },
      route: { type: 'string' },
      html: { type: 'string' },
      screenshot: { type: 'string' },
      state: { type: 'string' },
      errors: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      build: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new UsageError('give exactly one log file');
  const until = values.until === undefined ? undefined : Number(values.until);
  if (until !== undefined && (!Number.isInteger(until) || until < 0))
    throw new UsageError('--until takes an action index (a whole number)');
  if (values.route !== undefined && !values.route.startsWith('/'))
    throw new UsageError('--route takes a path starting with /');
  return {
    file: positionals[0] as string,
    until,
    route: values.route,
    html: values.html,
    png: values.screenshot,
    state: values.state,
    errors: values.errors,
    strict: values.strict,
    build: values.build,
  };
}

class UsageError extends Error {}

async function main() {
  const opts = options();
  let text: string;
  try {
    text = readFileSync(opts.file, 'utf8');
  } catch (error) {
    throw new LogError(`cannot read ${opts.file}: ${(error as Error).message}`);
  }
  const log = readLog(text);
  const result = replayLog(log, { until: opts.until });
  const { pathname, search } = result.store.getState().router;
  const route = opts.route ?? pathname + search;
  const checks = checkReplay(log, result, replayBuild(opts.build));
  console.log(summarize(log, result, route, checks).join('\n'));
  if (opts.errors) {
    const seen = errorsInLog(opts.until === undefined ? log.actions : result.applied);
    console.log(`\nError codes in the log (${seen.length}):`);
    for (const error of seen) console.log(`  ${formatError(error)}`);
  }
  if (opts.state) {
    writeFileSync(opts.state, `${JSON.stringify(checks.written, null, 2)}\n`);
    console.log(`\nState:      ${opts.state}`);
  }
  const failures = opts.strict ? strictFailures(checks) : [];
  if (failures.length) {
    // The files asked for are still written: they show what differs.
    process.exitCode = 1;
    console.error(`replay: --strict: ${failures.join('; ')}`);
  }
  if (!opts.html && !opts.png) return;
  // The screen as it was: the recorded time zone (unless TZ is set) and the recorded moment.
  const zone = typeof log.info.timeZone === 'string' ? log.info.timeZone : undefined;
  if (zone && !process.env.TZ) process.env.TZ = zone;
  const exportedAt = Date.parse(String(log.info.exportedAt));
  const now = opts.until === undefined && Number.isFinite(exportedAt) ? exportedAt : result.applied.at(-1)?.at;
  const markup = await renderScreen(result.store, route, { now, oddsLayout: recordedOddsLayout(log.info) });
  const { css, from } = builtCss();
  const top = result.store.getState().dialogs.stack.at(-1);
  const when =
    now === undefined ? '' : ` as of ${new Date(now).toISOString()}${process.env.TZ ? ` (${process.env.TZ})` : ''}`;
  const dialog = top ? `; open dialog: ${top.name}` : '';
  const banner = `replay of ${opts.file} after action ${result.lastIndex} at ${route}${when}${dialog}`;
  const html = wrapPage({ markup, css, banner });
  if (opts.html) {
    writeFileSync(opts.html, html);
    console.log(`\nHTML:       ${opts.html} (CSS from ${from})`);
  }
  if (opts.png) {
    const viewport = log.info.viewport as { width?: number; height?: number } | undefined;
    const size = viewport?.width && viewport.height ? { width: viewport.width, height: viewport.height } : undefined;
    await screenshot({ html, out: opts.png, viewport: size, fullPage: !top });
    console.log(`Screenshot: ${opts.png}${size ? ` (${size.width}×${size.height}, the recorded viewport)` : ''}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof LogError) console.error(`replay: bad log: ${error.message}`);
  else if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
    console.error(`replay: ${(error as Error).message}\n${USAGE}`);
  else console.error(`replay: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = error instanceof LogError ? 1 : 2;
});
