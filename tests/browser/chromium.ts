// Launching Debian's Chromium through playwright-core with the flags this machine needs (ENVIRONMENT.md).
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core'
import { existsSync } from 'node:fs'

/** Where Chromium lives: $CHROMIUM_PATH or Debian's /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Launches headless Chromium (with `extraArgs`); fails with a clear message when it is not installed. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs))
}

/** Launches the headless Chromium that browser files share (tests/browser/global-setup.ts): they connect to it. */
export async function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions([]))
}

/** A browser on the shared Chromium at `wsEndpoint`: its close() closes the contexts it made, not the Chromium. */
export async function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint)
}

function launchOptions(extraArgs: string[]): LaunchOptions {
  if (!existsSync(chromiumPath))
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
  return {
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
  }
}
