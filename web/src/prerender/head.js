// Runs before the first paint of a prerendered page (a classic script in <head>, as the CSP
// allows no inline script). It tells CSS the two things only the browser knows, so the HTML
// shows what the app is about to render: whether a cookie choice is stored (the banner then
// never flashes; the key is storage.ts's KEYS.cookiesAccepted) and which policy tab the URL's
// hash names. And it keeps a button pressed before the app took over (the page is painted
// before its script arrives): main.tsx announces `stepzero:app-ready` once the page is
// hydrated, and the press is replayed on the same button, now live.
(function () {
  var html = document.documentElement;
  try {
    if (window.localStorage.getItem('cookiesAccepted') === null) html.classList.add('no-cookie-choice');
  } catch (error) {
    // Storage unreadable: the app shows its fallback screen, without a banner.
  }
  var tab = window.location.hash.slice(1);
  if (/^(privacy|terms|cookies)$/.test(tab)) html.setAttribute('data-tab', tab);

  var pressed = [];
  function keep(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) pressed.push(button);
  }
  document.addEventListener('click', keep, true);
  document.addEventListener(
    'stepzero:app-ready',
    function () {
      document.removeEventListener('click', keep, true);
      pressed.forEach(function (button) {
        if (button.isConnected) button.click();
      });
    },
    { once: true },
  );
})();
