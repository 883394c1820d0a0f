// Renders the PNG icons and the share image into web/public with Debian Chromium.
// Run from the repo root: node web/assets-src/make-icons.mjs
import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const ring = (size, pad) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b0b0f"/><circle cx="16" cy="16" r="${11 * (1 - pad)}" fill="none" stroke="#ff5a1f" stroke-width="${5 * (1 - pad)}"/></svg>`;
const shots = [
  ['icon-192.png', 192, 192, `<body style="margin:0">${ring(192, 0.2)}</body>`],
  ['icon-512.png', 512, 512, `<body style="margin:0">${ring(512, 0.2)}</body>`],
  ['apple-touch-icon.png', 180, 180, `<body style="margin:0">${ring(180, 0.1)}</body>`],
  [
    'og-image.png',
    1200,
    630,
    `<body style="margin:0;width:1200px;height:630px;background:#0b0b0f;color:#f4f2ee;font-family:'Liberation Sans Narrow','DejaVu Sans Condensed',sans-serif;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box">
    <div style="display:flex;align-items:center;gap:28px"><svg width="120" height="120" viewBox="0 0 32 32"><circle cx="16" cy="16" r="11" fill="none" stroke="#ff5a1f" stroke-width="5"/></svg>
    <div style="font-size:150px;font-weight:700;letter-spacing:-2px;line-height:1">STEP <span style="color:#ff5a1f">ZERO</span></div></div>
    <div style="font-size:52px;margin-top:40px;font-family:'DejaVu Sans',sans-serif">Become the best version of yourself.</div></body>`,
  ],
];
for (const [name, w, h, html] of shots) {
  await page.setViewportSize({ width: w, height: h });
  await page.setContent(html);
  await page.screenshot({ path: `web/public/${name}`, clip: { x: 0, y: 0, width: w, height: h } });
}
await browser.close();
