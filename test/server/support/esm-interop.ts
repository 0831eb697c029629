/**
 * Two small dependencies of Fastify's inject() and of @fastify/static ship only as ES modules.
 * Node 20.19+ requires them natively, but jest's module registry cannot before Node 24.9, so
 * under jest they are compiled to CommonJS on the fly. Both are single files without imports.
 * Import this before building an app in a test. (A jest `transform` for these two packages
 * would make this file unnecessary.)
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const ESM_ONLY = ['cookie', 'content-disposition'];

function compileToCommonJs(name: string): unknown {
  const file = require.resolve(name);
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('exports', 'module', outputText)(module.exports, module);
  return module.exports;
}

if (typeof jest !== 'undefined') {
  for (const name of ESM_ONLY) jest.mock(name, () => compileToCommonJs(name));
}
