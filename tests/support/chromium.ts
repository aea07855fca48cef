/**
 * How every browser run of the project starts Chromium (the journeys, bench:web, bench:pos-web): Debian's
 * chromium package (toolchain.md: never a downloaded browser), headless, with nothing that reaches the network
 * on its own (updates, sync, QUIC probes).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
