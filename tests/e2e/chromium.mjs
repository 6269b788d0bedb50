// How the tests start Debian's Chromium on this closed network: headless,
// as root, with nothing that reaches for the internet (TOOLCHAIN.md).
export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];
