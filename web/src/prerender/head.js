// Runs before the first paint of a prerendered page, inline in its <head> (minified by the
// build, which puts its hash in the CSP: web/deploy/prerender.mjs). It tells CSS the two things
// only the browser knows, so the HTML shows what the app is about to render: whether a cookie
// choice is stored (the banner then never flashes; the key is storage.ts's
// KEYS.cookiesAccepted) and which policy tab the URL's hash names. It asks for the app once the
// page has painted. And it keeps a button pressed before the app took over (the page is
// painted before its script arrives): main.tsx announces `stepzero:app-starting` just before
// the app takes the page over and `stepzero:app-ready` once it is hydrated, and a press from
// before the start is replayed on the same button, now live (a form is not submitted by the
// browser meanwhile).
(function () {
  // Keep in step with the unicode-range in web/src/styles/fonts.css.
  var DISPLAY_RANGE = 'U+0020-0060, U+007B-007E, U+00A0, U+00A9, U+00C0-00DE, U+2013-2014, U+2018-2019, U+201C-201D, U+2026';
  var html = document.documentElement;
  try {
    if (window.localStorage.getItem('cookiesAccepted') === null) html.classList.add('no-cookie-choice');
  } catch (error) {
    // Storage unreadable: the app shows its fallback screen, without a banner.
  }
  // The display face (web/src/styles/fonts.css), its bytes put here by the build. A FontFace
  // made from bytes is ready at once in Chromium and WebKit, so the first layout and paint are
  // already in Anton: no heading waits one more request, and nothing moves when it arrives
  // (as a file or a data: URL in the stylesheet it comes after the first layout, and the
  // headings, wrapped for the wider fallback, jump; figures: commit 78d4a55).
  try {
    var font = window.atob('__DISPLAY_FONT_BASE64__');
    var bytes = new Uint8Array(font.length);
    for (var i = 0; i < font.length; i += 1) bytes[i] = font.charCodeAt(i);
    document.fonts.add(new FontFace('Anton', bytes, { display: 'block', unicodeRange: DISPLAY_RANGE }));
  } catch (error) {
    // No FontFace: the stylesheet's own @font-face fetches the file.
  }

  // The app of a prerendered page, put here by the build: the site's whole stylesheet (the
  // page links only the part its HTML can use, web/deploy/pageStyles.mjs), the entry
  // (web/src/entry.ts) and main.tsx, which the entry imports. The page names no module script:
  // all of it is asked for once the page has painted, so nothing the first paint needs shares
  // the network or the main thread with it (as a module script in the HTML, the entry would be
  // fetched, compiled and run before that paint, only to wait for it); main.tsx is preloaded
  // with the entry, as the entry's own import would start it. The entry is added once the HTML
  // is all parsed (when a deferred module script in the HTML would run) and the stylesheet is
  // in, so the app never shows a page or a state without its rules. The survey's shell links
  // the whole stylesheet and its own module script (it starts the app at once), and has no
  // data-path.
  var appFiles = '__APP_FILES__'.split(' ');
  var appAsked = false;
  function askForApp() {
    var root = document.getElementById('root');
    if (appAsked || !root || !root.hasAttribute('data-path')) return;
    appAsked = true;
    var entry = null;
    var waiting = 1;
    function add(rel, href) {
      var link = document.createElement('link');
      link.rel = rel;
      link.crossOrigin = '';
      link.href = href;
      link.onload = link.onerror = rel === 'stylesheet' ? oneLess : null;
      document.head.appendChild(link);
    }
    function oneLess() {
      waiting -= 1;
      if (waiting !== 0) return;
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
    }
    appFiles.forEach(function (file) {
      if (/\.css$/.test(file)) {
        waiting += 1;
        add('stylesheet', file);
      } else if (entry) add('modulepreload', file);
      else entry = file;
    });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', oneLess);
    else oneLess();
  }
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('paint') === -1) throw new Error('no paint timing');
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      askForApp();
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    // No paint timing: once the HTML is parsed.
    document.addEventListener('DOMContentLoaded', askForApp);
  }

  var tab = window.location.hash.slice(1);
  if (/^(privacy|terms|cookies)$/.test(tab)) html.setAttribute('data-tab', tab);

  var pressed = [];
  function keep(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) pressed.push(button);
  }
  document.addEventListener('click', keep, true);
  // A form's own submission (Next on the prerendered question 1, or Enter in its field) would
  // load the page again with the answer in the URL: until the app is live it is held, and
  // the press kept above is replayed as the app's Next.
  function hold(event) {
    event.preventDefault();
  }
  document.addEventListener('submit', hold, true);
  // From the moment the app takes the page over, it handles a press itself (React listens on the
  // page from the start of hydration and replays a press made while it hydrates): only what was
  // pressed before is kept, or a press would run twice.
  document.addEventListener(
    'stepzero:app-starting',
    function () {
      document.removeEventListener('click', keep, true);
    },
    { once: true },
  );
  document.addEventListener(
    'stepzero:app-ready',
    function () {
      document.removeEventListener('click', keep, true);
      document.removeEventListener('submit', hold, true);
      pressed.forEach(function (button) {
        if (button.isConnected) button.click();
      });
    },
    { once: true },
  );
})();
