// Writes .br and .gz beside every compressible file of a build, once, at build time, so the
// server sends them without compressing per request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Compresses `root` in place; returns { files, bytes, brotliBytes }. */
export function precompress(root = 'dist/web') {
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of files(root)) {
    if (statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
    bytes += content.length;
    brotliBytes += br.length;
  }
  return { files: count, bytes, brotliBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files: n, bytes, brotliBytes } = precompress(process.argv[2]);
  console.log(
    `precompress: ${n} files, ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`,
  );
}
