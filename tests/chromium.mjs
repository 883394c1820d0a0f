// Debian's Chromium, and the flags it needs on these machines (docs/design.md, "Chromium on these machines"): no sandbox (root),
// no GPU, and nothing that reaches for Google's hosts. One list for every suite and bench.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
