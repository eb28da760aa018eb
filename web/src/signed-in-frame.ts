/**
 * What a stored session's first screen needs besides the entry: the signed-in frame, the
 * dashboard (where a signed-in visit starts) and the dashboard's loader, as the build's manifest
 * names them (router.tsx imports each lazily). index.html asks for them with the entry
 * (src/prerender.tsx, decision 0084), and the bench and the bundle budget count them as the
 * dashboard's (bench/bundle.ts).
 */
export const signedInShellModules = [
  'src/app/shell/AppShell.tsx',
  'src/features/dashboard/DashboardPage.tsx',
  'src/features/dashboard/loader.ts',
] as const;
