/* global window, document */
// The one classic script of every page: it runs in the head, before the first paint. (The
// Content-Security-Policy allows no inline script.)
(function () {
  // The colour mode, set before anything is painted so that a dark page never flashes light.
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

  // On a prerendered page the build names the app's entry and chunks here
  // (scripts/prerender.mjs), and the app starts only once the page has been painted: the
  // markup is readable at once, and on a slow connection the app's JavaScript does not compete
  // with the stylesheet for the first paint (issue 7, decision 0014). Until the app has taken
  // over, submit buttons stay disabled and anything typed is kept.
  var script = document.currentScript;

  // A signed-in page checks the stored session before it shows anything (SPEC.md 2, startup).
  // The build names that call here (scripts/prerender.mjs), and it goes out now, alongside the
  // app's JavaScript instead of after it; the app takes the answer as its own first identical
  // call (src/lib/api-client.ts).
  var sessionCheck = script && script.getAttribute('data-session-check');
  if (sessionCheck) {
    try {
      var tokens = JSON.parse(window.localStorage.getItem('token') || 'null');
      if (tokens && typeof tokens.access === 'string' && window.localStorage.getItem('user')) {
        window.bootRequest = {
          path: sessionCheck,
          access: tokens.access,
          response: window.fetch(sessionCheck, {
            headers: { Accept: 'application/json', Authorization: 'Bearer ' + tokens.access },
          }),
        };
        // Whoever takes it handles a failure; until then it must not count as unhandled.
        window.bootRequest.response.catch(function () {});
        window.bootRequest.response.then(showBootView).catch(function () {
          // Not shown: the spinner stays until the app has checked the session itself.
        });
      }
    } catch {
      // Storage blocked or unreadable: the app checks the session itself.
    }
  }

  // The dashboard's pages hold a boot view (src/lib/boot-view.ts, decision 0017): the screen as
  // it looks signed in, hidden, with empty slots for the user. Once the check has confirmed the
  // session, the screen is shown with the profile it answered, before the app's code has
  // arrived; the app later replaces it with the same screen. The app reads the response
  // itself, so this reads a copy.
  function showBootView(response) {
    if (response.status !== 200) return;
    return response
      .clone()
      .json()
      .then(function (profile) {
        if (!profile || typeof profile.name !== 'string' || typeof profile.email !== 'string') {
          return;
        }
        whenParsed(function () {
          var view = document.getElementById('boot-view');
          var screen = view && view.querySelector('[data-boot-view="screen"]');
          if (!screen) return;
          // As src/lib/session.ts names the user; the avatar shows the first character.
          var name = profile.name.trim() || profile.email;
          var values = { name: name, initial: name.charAt(0).toUpperCase(), email: profile.email };
          screen.querySelectorAll('[data-user-field]').forEach(function (slot) {
            slot.textContent = values[slot.getAttribute('data-user-field')] || '';
          });
          view.querySelector('[data-boot-view="checking"]').hidden = true;
          screen.hidden = false;
        });
      });
  }

  function whenParsed(callback) {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', callback);
    } else {
      callback();
    }
  }

  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (script.getAttribute('data-preload') || '').split(' ').filter(function (href) {
    return href !== '';
  });

  function startApp() {
    // Every chunk is asked for at once, not one import after another.
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    // As with a module script that fails to load, the page stays as painted: say why.
    import(entry).catch(function (error) {
      window.console.error('The app could not be started.', error);
    });
  }

  // Once the page is parsed and its content painted. A browser that cannot tell (no Paint
  // Timing), or a tab in the background, which paints nothing, starts the app at once; should
  // the paint never be reported, it starts after a few seconds anyway.
  function whenPainted(callback) {
    var started = false;
    function once() {
      if (started) return;
      started = true;
      callback();
    }
    var observable = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (document.visibilityState === 'hidden' || !observable || observable.indexOf('paint') < 0) {
      return once();
    }
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
    window.setTimeout(once, 3000);
  }

  document.addEventListener('DOMContentLoaded', function () {
    whenPainted(startApp);
  });
})();
