/**
 * Reads a log file: OddsMate's own export (`src/client/app/export-log.ts`) or a Redux
 * DevTools export. Anything malformed or cut off is a `LogError` naming the bad entry.
 */
import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION } from '../../src/client/app/export-log';
import { isDevToolsExport, readDevToolsExport } from './devtools-format';
import { errorOffset, locate } from './json-locate';
import { LogError, type LoadedLog, type ReplayAction } from './log-types';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names the entry a JSON syntax error falls in, e.g. `actions[3] (index 4)`. */
function describeBreak(text: string, error: unknown): string {
  const offset = errorOffset(error, text);
  const { path, elementStarts } = locate(text, offset);
  const truncated = offset >= text.trimEnd().length;
  const what = truncated ? 'the file ends in the middle of' : 'invalid JSON in';
  const entry = /^actions\[(\d+)\]/.exec(path);
  if (!entry) return `${what} ${path || 'the top level'} (character ${offset}): ${(error as Error).message}`;
  const start = elementStarts.get(`actions[${entry[1]}]`) ?? 0;
  const index = /^\{\s*"index"\s*:\s*(\d+)/.exec(text.slice(start, start + 40))?.[1];
  const name = `actions[${entry[1]}]${index ? ` (index ${index})` : ''}`;
  return `${what} entry ${name}${path.length > entry[0].length ? ` at ${path}` : ''} (character ${offset}); entries before it are intact`;
}

export function parseLogText(text: string): unknown {
  if (text.trim() === '') throw new LogError('the file is empty');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LogError(describeBreak(text, error));
  }
}

function checkEntry(entry: unknown, i: number, previous: number): ReplayAction {
  const where = `entry actions[${i}]`;
  if (!isObject(entry)) throw new LogError(`${where} is not an object`);
  const name = typeof entry.index === 'number' ? `${where} (index ${entry.index})` : where;
  if (!Number.isInteger(entry.index) || (entry.index as number) < 1)
    throw new LogError(`${where}: "index" must be a positive integer, got ${JSON.stringify(entry.index)}`);
  if ((entry.index as number) <= previous)
    throw new LogError(
      `${name}: "index" ${entry.index} does not follow ${previous}; entries are out of order or duplicated`,
    );
  if (typeof entry.at !== 'number' || !Number.isFinite(entry.at))
    throw new LogError(`${name}: "at" must be a time in ms, got ${JSON.stringify(entry.at)}`);
  if (typeof entry.type !== 'string' || entry.type === '') throw new LogError(`${name}: "type" is missing or empty`);
  const { index, at, type, payload, meta, error } = entry as unknown as ReplayAction;
  return { index, at, type, payload, meta, error };
}

function readOwnExport(value: Json): LoadedLog {
  if (value.version !== ACTION_LOG_VERSION)
    throw new LogError(
      `unsupported ${ACTION_LOG_FORMAT} version ${JSON.stringify(value.version)} (this replay reads version ${ACTION_LOG_VERSION})`,
    );
  if (!Array.isArray(value.actions)) throw new LogError('"actions" is missing or not a list');
  let previous = 0;
  const actions = value.actions.map((entry, i) => {
    const checked = checkEntry(entry, i, previous);
    previous = checked.index;
    return checked;
  });
  const { actions: _actions, preloadedState, state, ...info } = value;
  return { source: 'oddsmate', info, preloadedState, recordedState: state, actions };
}

export function readLog(text: string): LoadedLog {
  const value = parseLogText(text);
  if (isObject(value) && value.format === ACTION_LOG_FORMAT) return readOwnExport(value);
  if (isObject(value) && isDevToolsExport(value)) return readDevToolsExport(value);
  throw new LogError(
    `not an action log: expected "format": "${ACTION_LOG_FORMAT}" or a Redux DevTools export ("payload" / "actionsById")`,
  );
}
