/**
 * The files the Redux DevTools export, read as a list of actions:
 * - the extension's Export button: `{ "payload": "<actions array>", "preloadedState": "<state>" }`
 *   (both strings, jsan-encoded);
 * - a lifted state (the standalone/remote monitors, or a `payload` holding one):
 *   `{ actionsById, stagedActionIds, skippedActionIds, committedState, computedStates }`.
 * jsan writes a repeated object once and then `{ "$jsan": "$.path" }`; those are resolved here.
 */
import { LogError, type LoadedLog, type ReplayAction } from './log-types';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isDevToolsExport(value: unknown): boolean {
  return isObject(value) && (typeof value.payload === 'string' || isLiftedState(value));
}

function isLiftedState(value: unknown): boolean {
  return isObject(value) && isObject(value.actionsById) && Array.isArray(value.stagedActionIds);
}

/** Follows a jsan path (`$.a.b[0]["c d"]`) from the root. */
function follow(root: unknown, path: string): unknown {
  const steps = path.slice(1).match(/\.[\w$]+|\[\d+\]|\["(?:[^"\\]|\\.)*"\]/g) ?? [];
  let node: unknown = root;
  for (const step of steps) {
    const key = step.startsWith('.')
      ? step.slice(1)
      : step.startsWith('["')
        ? (JSON.parse(step.slice(1, -1)) as string)
        : Number(step.slice(1, -1));
    node = (node as Record<string | number, unknown> | undefined)?.[key];
  }
  return node;
}

function restore(tag: string, root: unknown): unknown {
  if (tag.startsWith('$')) return follow(root, tag);
  if (tag === 'u') return undefined;
  if (tag.startsWith('d')) return new Date(Number(tag.slice(1))).toISOString();
  return `[${tag}]`;
}

/** jsan's retrocycle, for plain JSON output (dates become ISO strings). */
export function resolveJsan(root: unknown): unknown {
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (key === '$jsan' && Array.isArray(child)) record[key] = child[0];
      else if (isObject(child) && typeof child.$jsan === 'string') record[key] = restore(child.$jsan, root);
      else visit(child);
    }
  };
  visit(root);
  return root;
}

function parseEmbedded(text: string, field: string): unknown {
  try {
    return resolveJsan(JSON.parse(text));
  } catch (error) {
    throw new LogError(
      `"${field}" is not valid JSON (${(error as Error).message}); the file looks truncated or edited`,
    );
  }
}

function fromActionList(list: unknown[], where: (i: number) => string): ReplayAction[] {
  return list.map((item, i) => {
    const action = isObject(item) && isObject(item.action) && item.type === 'PERFORM_ACTION' ? item.action : item;
    if (!isObject(action) || typeof action.type !== 'string' || action.type === '')
      throw new LogError(`${where(i)} is not an action: it has no "type"`);
    const at = isObject(item) && typeof item.timestamp === 'number' ? item.timestamp : undefined;
    const { type, payload, meta, error } = action;
    return { index: i + 1, at, type, payload, meta, error };
  });
}

function fromLiftedState(lifted: Json, preloaded: unknown, prefix: string): Omit<LoadedLog, 'source' | 'info'> {
  const actionsById = lifted.actionsById as Json;
  const skipped = new Set(Array.isArray(lifted.skippedActionIds) ? lifted.skippedActionIds : []);
  const ids = (lifted.stagedActionIds as unknown[]).filter((id) => id !== 0 && !skipped.has(id));
  const actions = ids.map((id) => {
    const lifted = actionsById[String(id)];
    if (!isObject(lifted))
      throw new LogError(`${prefix}actionsById["${String(id)}"] is missing (listed in stagedActionIds)`);
    const [action] = fromActionList([lifted], () => `${prefix}actionsById["${String(id)}"]`);
    return { ...(action as ReplayAction), index: Number(id) };
  });
  return { actions, preloadedState: preloaded ?? lifted.committedState };
}

export function readDevToolsExport(value: Json): LoadedLog {
  const info = { format: 'Redux DevTools export' };
  if (isLiftedState(value))
    return { source: 'devtools', info, ...fromLiftedState(resolveJsan(value) as Json, undefined, '') };
  const payload = parseEmbedded(value.payload as string, 'payload');
  const preloaded =
    typeof value.preloadedState === 'string'
      ? parseEmbedded(value.preloadedState, 'preloadedState')
      : value.preloadedState;
  if (Array.isArray(payload)) {
    const actions = fromActionList(payload, (i) => `payload[${i}] (action ${i + 1})`);
    return { source: 'devtools', info, actions, preloadedState: preloaded };
  }
  if (isLiftedState(payload))
    return { source: 'devtools', info, ...fromLiftedState(payload as Json, preloaded, 'payload.') };
  throw new LogError('"payload" holds neither a list of actions nor a DevTools lifted state');
}
