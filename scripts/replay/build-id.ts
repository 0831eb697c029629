/**
 * The build a replay checks a log against: `--build ID`, else the `BUILD_ID` environment
 * variable (as the build itself reads it), else the build in `dist/web` (its `build.json`,
 * written by `npm run build`). A replay runs this checkout's reducers: a log recorded by
 * another build may hold actions or state they do not know.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ReplayBuild {
  id: string;
  from: string;
}

export function replayBuild(given: string | undefined, root = path.join(__dirname, '../..')): ReplayBuild | undefined {
  if (given) return { id: given, from: '--build' };
  if (process.env.BUILD_ID) return { id: process.env.BUILD_ID, from: 'BUILD_ID' };
  try {
    const built = JSON.parse(readFileSync(path.join(root, 'dist/web/build.json'), 'utf8')) as { buildId?: unknown };
    if (typeof built.buildId === 'string' && built.buildId !== '') return { id: built.buildId, from: 'dist/web' };
  } catch {
    // No build here (never built, or built before build.json existed).
  }
  return undefined;
}
