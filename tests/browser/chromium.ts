// Launching Debian's Chromium through playwright-core with the flags this machine needs (ENVIRONMENT.md).
import { chromium, type Browser } from 'playwright-core'
import { existsSync } from 'node:fs'

/** Where Chromium lives: $CHROMIUM_PATH or Debian's /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Launches headless Chromium (with `extraArgs`); fails with a clear message when it is not installed. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  })
}
