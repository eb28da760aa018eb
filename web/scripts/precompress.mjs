// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of a built web app, so
// the server sends them to browsers that accept them (@fastify/static `preCompressed`) without
// compressing on every request. Lighthouse measured the uncompressed app at 250-315 KiB more
// to download on its mobile preset, over a second of LCP (issue 7).
//
//   node web/scripts/precompress.mjs [DIST_DIR]   (default: web/dist)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt)$/;
/** Below one TCP packet or so, compression saves nothing worth a second file. */
const MIN_BYTES = 1024;

const distDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which no browser asks for.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

async function precompress(path) {
  const content = await readFile(path);
  if (content.length < MIN_BYTES) return [0, 0];
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the original would only cost the browser time to decode.
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
  return [content.length, br.length];
}

if (!(await stat(distDir).catch(() => null))?.isDirectory()) {
  console.error(`${distDir} is not a directory: build the web app first.`);
  process.exit(1);
}
const work = [];
for await (const path of textFiles(distDir)) work.push(precompress(path));
const sizes = await Promise.all(work);
const [raw, compressed] = sizes.reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
console.log(
  `precompressed ${sizes.filter(([size]) => size > 0).length} files in ${distDir}: ` +
    `${(raw / 1024).toFixed(0)} KiB -> ${(compressed / 1024).toFixed(0)} KiB with Brotli`,
);
