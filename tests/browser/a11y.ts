// Accessibility checks for the browser tests: axe-core (injected from node_modules) run on Foyer's own surfaces (the
// modal card and the buttons, each inside its shadow root), and a measure of every control's target size.
import { readFileSync } from 'node:fs'
import type { Frame, Page } from 'playwright-core'
import { settleModal } from './pages.js'

const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

/** One axe finding, reduced to what a failing test needs to name it. */
export interface AxeFinding {
  rule: string
  impact: string
  targets: string[]
}

/**
 * Runs axe on `frame`'s Foyer surfaces (or its whole document when `whole`), WCAG 2.0–2.2 A/AA plus best practice, with
 * the experimental `label-content-name-mismatch` on; answers the serious and critical findings.
 */
export async function axeFindings(frame: Page | Frame, whole = false): Promise<AxeFinding[]> {
  // Evaluated, not added as a script tag: the secure site's Content-Security-Policy allows no inline script.
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(`${axeSource};0`)
  return frame.evaluate(async (all) => {
    const axe = (window as unknown as { axe: any }).axe
    const roots = [...document.querySelectorAll('*')].flatMap((e) => e.shadowRoot ?? [])
    const surfaces = all
      ? [document.documentElement]
      : roots.flatMap((r) => [...r.querySelectorAll('[data-testid="foyer-modal"], .fyb-btn')])
    if (!surfaces.length) return []
    const result = await axe.run(
      { include: surfaces },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        rules: { 'label-content-name-mismatch': { enabled: true }, region: { enabled: false } },
        resultTypes: ['violations'],
      },
    )
    return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }>)
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
  }, whole)
}

/** Every visible button, link and input-like control in Foyer's shadow roots smaller than 24 × 24 CSS pixels. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const roots = [...document.querySelectorAll('*')].flatMap((e) => e.shadowRoot ?? [])
    const controls = roots.flatMap((r) => [
      ...r.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="tab"], [role="option"], select'),
    ])
    return controls.flatMap((el) => {
      const box = el.getBoundingClientRect()
      if (!box.width && !box.height) return [] // not rendered (display: none, a collapsed section)
      // WCAG 2.5.8's inline exception: a link inside a sentence is sized by the line it sits in.
      if (getComputedStyle(el).display === 'inline') return []
      if (box.width >= 24 && box.height >= 24) return []
      const id = el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)
      return [`${id}: ${Math.round(box.width)}×${Math.round(box.height)}`]
    })
  })
}

/** Views a disconnected visitor reaches: Connect, the registry, a wallet's connecting views, email, networks, help. */
export const DisconnectedViews = [
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'EmailLogin',
  'SocialLogin',
  'WhatIsAWallet',
  'GetWallet',
  'Networks',
  'SIWXSignMessage',
]

/** Views a connected visitor reaches: Account and its tabs, send, receive, swap, on-ramp, networks, names, SIWX. */
export const ConnectedViews = [
  'Account',
  'AccountNfts',
  'AccountActivity',
  'AccountBalance',
  'WalletSend',
  'WalletReceive',
  'Swap',
  'OnRampProviders',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'Networks',
  'ProfileWallets',
  'RegisterAccountName',
  'SIWXAccount',
]

/** Opens each of `views` in turn (as the demo's launcher does); answers what axe and the target measure found. */
export async function walkViews(page: Page, views: string[]): Promise<{ checked: string[]; findings: string[] }> {
  const checked: string[] = []
  const findings: string[] = []
  for (const view of views) {
    const opened = await page.evaluate(async (v) => {
      try {
        await window.foyer.open({ view: v })
        return true
      } catch {
        return false // a view that needs context the launcher cannot give
      }
    }, view)
    if (opened) {
      // attached, not visible: a view may rest empty (a picker with nothing to pick) and is still checked
      await page.getByTestId(`foyer-view-${view}`).waitFor({ state: 'attached' })
      // The registry list is checked with its rows in it, not while its first page loads.
      if (view === 'AllWallets') await page.locator('[data-testid^="wallet-selector-"]').first().waitFor()
      await settleModal(page)
      checked.push(view)
      for (const f of await axeFindings(page)) findings.push(`${view}: ${f.rule} (${f.impact}) ${f.targets.join(' ')}`)
      for (const t of await smallTargets(page)) findings.push(`${view}: target ${t}`)
    }
    await page.evaluate(() => window.foyer.close())
  }
  return { checked, findings }
}
