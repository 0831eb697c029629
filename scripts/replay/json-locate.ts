/**
 * Says where a JSON text breaks, as a path (`actions[12].payload`), so a truncated or
 * corrupted log names the bad entry instead of only a character offset.
 */

export interface JsonLocation {
  /** `actions[12].payload`, or '' at the top. */
  path: string;
  /** Character offset where each open array element began, keyed by its path. */
  elementStarts: Map<string, number>;
}

/** The character offset a JSON.parse error refers to (end of input when it names none). */
export function errorOffset(error: unknown, text: string): number {
  const match = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) : text.length;
}

interface Frame {
  kind: 'object' | 'array';
  key: string | null;
  index: number;
  path: string;
}

const childPath = (frame: Frame) =>
  frame.kind === 'array'
    ? `${frame.path}[${frame.index}]`
    : frame.key === null
      ? frame.path
      : frame.path
        ? `${frame.path}.${frame.key}`
        : frame.key;

/** Walks `text` up to `offset`, tracking containers, keys and array positions. */
export function locate(text: string, offset: number): JsonLocation {
  const stack: Frame[] = [];
  const elementStarts = new Map<string, number>();
  let expectingKey = false;
  let lastString = '';
  let pendingElement = false;
  const top = () => stack[stack.length - 1];
  const startValue = (at: number) => {
    const frame = top();
    if (frame?.kind === 'array' && pendingElement) {
      elementStarts.set(childPath(frame), at);
      pendingElement = false;
    }
  };
  for (let i = 0; i < Math.min(offset, text.length); i += 1) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (!expectingKey) startValue(i);
      lastString = text.slice(i + 1, Math.min(j, offset));
      i = j;
      continue;
    }
    if (c === ':' && top()?.kind === 'object') {
      const frame = top() as Frame;
      frame.key = lastString;
      expectingKey = false;
    } else if (c === ',') {
      const frame = top();
      if (frame?.kind === 'array') {
        frame.index += 1;
        pendingElement = true;
      } else if (frame) {
        frame.key = null;
        expectingKey = true;
      }
    } else if (c === '{' || c === '[') {
      startValue(i);
      const parent = top();
      const path = parent ? childPath(parent) : '';
      stack.push({ kind: c === '{' ? 'object' : 'array', key: null, index: 0, path });
      expectingKey = c === '{';
      pendingElement = c === '[';
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectingKey = false;
      pendingElement = false;
    } else if (!/\s/.test(c ?? '')) {
      startValue(i);
    }
  }
  const frame = top();
  return { path: frame ? childPath(frame) : '', elementStarts };
}
