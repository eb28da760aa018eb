/* global window, document */
// The colour mode, set on <html> before the first paint so that a dark page never flashes
// light: a classic script in the head, external because the Content-Security-Policy allows no
// inline script (vite.config.ts names it in index.html). It repeats what src/lib/theme.ts reads,
// which it cannot import: the storage key and the modes of @um/contract.
(function () {
  var mode = 'system';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') mode = stored;
  } catch {
    // Storage blocked: follow the system.
  }
  var dark =
    mode === 'dark' ||
    (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  // The mode is a class on the root, light as well as dark; the root has none yet.
  document.documentElement.classList.add(dark ? 'dark' : 'light');
})();
