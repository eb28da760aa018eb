/* global window, document */
// Runs before the app's bundle and before the first paint, so a dark page never flashes light.
// A classic external script: the Content-Security-Policy allows no inline script.
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
  document.documentElement.classList.toggle('dark', dark);
})();
