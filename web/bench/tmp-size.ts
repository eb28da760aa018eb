import { gzipBytes, pageScripts, readManifest } from './bundle.ts';
const dir = process.argv[2]!;
const manifest = readManifest(dir);
for (const page of ['/login', '/dashboard'] as const) {
  const scripts = pageScripts(dir, manifest, page);
  for (const s of scripts) console.log(page, s, gzipBytes(dir, [s]));
  console.log(page, 'TOTAL', gzipBytes(dir, scripts));
}
