/**
 * What a page of the built app loads, as Vite's manifest (`build.manifest: true`, written to
 * `<dist>/.vite/manifest.json`) tells it: read by the pre-render, which writes index.html's
 * preloads (src/prerender.tsx), and by the bench and the bundle budget (bench/bundle.ts).
 */

/** A chunk of the manifest, by the module it was built from (paths from web/). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * What a stored session's first screen needs besides the entry: the signed-in frame, the
 * dashboard (where a signed-in visit starts) and the dashboard's loader, as manifest keys
 * (router.tsx imports each lazily). index.html asks for them with the entry (decision 0084).
 */
export const signedInShellModules = [
  'src/app/shell/AppShell.tsx',
  'src/features/dashboard/DashboardPage.tsx',
  'src/features/dashboard/loader.ts',
] as const;

/** The chunks of `keys` and every chunk they import statically, each once, in the order met. */
export function staticChunks(manifest: Manifest, keys: readonly string[]): ManifestChunk[] {
  const chunks: ManifestChunk[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key}.`);
    chunks.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return chunks;
}
