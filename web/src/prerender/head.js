// Runs before the first paint of a prerendered page (a classic script in <head>, as the CSP
// allows no inline script). It tells CSS the two things only the browser knows, so the HTML
// shows what the app is about to render: whether a cookie choice is stored (the banner then
// never flashes; the key is storage.ts's KEYS.cookiesAccepted) and which policy tab the URL's
// hash names. And it keeps a button pressed before the app took over (the page is painted
// before its script arrives): main.tsx announces `stepzero:app-starting` just before React
// takes the page over and `stepzero:app-ready` once it is hydrated, and a press from before
// the start is replayed on the same button, now live (a form is not submitted by the browser
// meanwhile).
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
  // (as a file or a data: URL in the stylesheet it came after the first layout, and the
  // headings, wrapped for the wider fallback, jumped: layout shift 0.045 to 0.14).
  try {
    var font = window.atob('__DISPLAY_FONT_BASE64__');
    var bytes = new Uint8Array(font.length);
    for (var i = 0; i < font.length; i += 1) bytes[i] = font.charCodeAt(i);
    document.fonts.add(new FontFace('Anton', bytes, { display: 'block', unicodeRange: DISPLAY_RANGE }));
  } catch (error) {
    // No FontFace: the stylesheet's own @font-face fetches the file.
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
  // From the moment React takes the page over, it handles a press itself (it finishes
  // hydrating first): only what was pressed before is kept, or a press would run twice.
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
