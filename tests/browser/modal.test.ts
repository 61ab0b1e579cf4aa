// The modal as a person uses it, in headless Chromium against the production demo build.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { browserFixture } from './fixture.js'

const require = createRequire(import.meta.url)
const stack = browserFixture({ services: [] })

const openPage = async (): Promise<Page> => {
  const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(stack.demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  Object.assign(page, { errors })
  return page
}

const activeTestId = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.getAttribute('data-testid') ?? el?.tagName ?? null
  })

describe('modal in Chromium', () => {
  it('opens from the button, walks Connect → pushed view → back → close, and restores focus', async () => {
    const page = await openPage()
    const button = page.getByTestId('connect-button').first()
    await button.focus()
    await button.click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    await expect(page.getByTestId('foyer-header-title').textContent()).resolves.toContain('Connect')
    expect(await page.getByRole('dialog').getAttribute('aria-modal')).toBe('true')

    await page.getByTestId('what-is-a-wallet-button').click()
    await page.getByTestId('foyer-view-WhatIsAWallet').waitFor()
    await page.getByTestId('foyer-header-back').click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    await expect(page.getByTestId('foyer-header-back').isVisible()).resolves.toBe(false)

    await page.getByTestId('foyer-header-close').click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    expect(await activeTestId(page)).toBe('connect-button')
    expect((page as Page & { errors: string[] }).errors).toEqual([])
    await page.close()
  })

  it('pointing at Connect downloads the modal and wallet-list chunks and runs nothing; the click shows the wallets', async () => {
    const page = await openPage()
    await page.waitForLoadState('networkidle')
    const after: Array<{ type: string; path: string }> = []
    page.on('request', (r) => after.push({ type: r.resourceType(), path: new URL(r.url()).pathname }))
    const chunks = Promise.all([
      page.waitForResponse((r) => /\/mount-[\w-]+\.js$/.test(r.url())),
      page.waitForResponse((r) => /\/namespaces-[\w-]+\.js$/.test(r.url())),
    ])
    await page.getByTestId('connect-button').first().hover()
    await chunks
    await page.waitForTimeout(200)
    // Only code: no API call, no image; and no plugin ran (its view is not registered, the modal is closed).
    expect(after.filter((r) => r.type !== 'script')).toEqual([])
    const state = await page.evaluate(() => ({
      open: window.foyer.getState().modal.open,
      walletsLoaded: window.foyer.kernel.isViewLoaded('ConnectWallets'),
    }))
    expect(state).toEqual({ open: false, walletsLoaded: false })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('connect-wallets').waitFor()
    await page.waitForLoadState('networkidle')
    // The list is all opening downloads: connecting, switching, WalletConnect and the adapters come on first use.
    const scripts = () => after.filter((r) => r.type === 'script').map((r) => r.path.split('/').pop())
    expect(scripts().filter((f) => /^(transports?|adapter|connector)-/.test(f ?? ''))).toEqual([])
    // Intent on a wallet row fetches what its click runs, so the click does not wait for it.
    // (plugins/namespaces/transports.ts, the chunk that was live.ts)
    const live = page.waitForResponse((r) => /\/transports-[\w-]+\.js$/.test(r.url()))
    await page.locator('[data-testid^="wallet-selector-"]').first().hover()
    await live
    expect((page as Page & { errors: string[] }).errors).toEqual([])
    await page.close()
  })

  it('closes on Escape and keeps focus trapped inside while open', async () => {
    const page = await openPage()
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(
        () =>
          document.activeElement?.shadowRoot != null ||
          document.activeElement?.tagName === 'FOYER-MODAL' ||
          !!document.activeElement?.closest('[data-foyer-modal]'),
      )
      expect(inside).toBe(true)
    }
    await page.keyboard.press('Escape')
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await page.close()
  })

  it('loads the Networks view as its own chunk, only when Networks opens', async () => {
    // The chunk carrying NetworksView, found by source maps; the test fails if it were bundled into another chunk.
    const chunks = JSON.parse(readFileSync('dist/demo/chunks.json', 'utf8')) as Array<{ file: string }>
    const holds = (file: string, source: string) =>
      (JSON.parse(readFileSync(`dist/demo/assets/${file}.map`, 'utf8')) as { sources: string[] }).sources.some((x) =>
        x.endsWith(source),
      )
    const networks = chunks.filter((c) => holds(c.file, 'plugins/namespaces/views/NetworksView.tsx')).map((c) => c.file)
    expect(networks).toHaveLength(1)
    expect(holds(networks[0], 'shell/modal/ModalRoot.tsx') || holds(networks[0], 'plugins/namespaces/index.ts')).toBe(
      false,
    )
    const scripts: string[] = []
    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.split('/').pop()!)
    })
    await page.goto(stack.demo.url)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('connect-wallets').waitFor()
    expect(scripts).not.toContain(networks[0])
    await page.getByTestId('foyer-header-close').click()
    await page.getByTestId('open-view-Networks').click()
    await page.getByTestId('foyer-view-Networks').waitFor()
    expect(scripts).toContain(networks[0])
    await page.getByTestId('network-item-eip155:8453').click()
    await page.getByTestId('foyer-view-Networks').waitFor({ state: 'detached' })
    await expect(page.getByTestId('demo-status').textContent()).resolves.toContain('eip155:8453')
    await page.close()
  })

  it('opens a view of a plugin not loaded yet, with its title, on a fresh page (SwitchActiveChain)', async () => {
    const page = await openPage()
    const loaded = () => page.evaluate(() => window.foyer.kernel.isViewLoaded('SwitchActiveChain'))
    expect(await loaded()).toBe(false)
    await page.evaluate(() => window.foyer.open({ view: 'SwitchActiveChain' }))
    await page.getByTestId('switch-active-chain').waitFor()
    await expect(page.getByTestId('foyer-header-title').textContent()).resolves.toBe('Switch Network')
    // Opened without a network, it says so instead of naming one (issue 21).
    await expect(page.getByTestId('switch-active-chain').textContent()).resolves.toContain('No network chosen')
    expect((page as Page & { errors: string[] }).errors).toEqual([])
    await page.close()
  })

  it('is 370 px wide (SPEC §9); the legal footer on Connect and ConnectWallets, the default footer on Networks (SPEC §2)', async () => {
    const page = await openPage()
    const footers = async (view: string) => {
      await page.evaluate((v) => window.foyer.open({ view: v }), view)
      await page.getByTestId(`foyer-view-${view}`).waitFor()
      await page.locator('[data-testid^="foyer-footer-"]').first().waitFor()
      return page.locator('[data-testid^="foyer-footer-"]').evaluateAll((els) => els.map((e) => e.dataset.testid))
    }
    expect(await footers('Connect')).toEqual(['foyer-footer-legal'])
    // measured once the opening animation has settled (mid-animation the card is scaled)
    await expect.poll(async () => (await page.getByRole('dialog').boundingBox())?.width).toBe(370)
    expect(await footers('ConnectWallets')).toEqual(['foyer-footer-legal'])
    expect(await footers('Networks')).toEqual(['foyer-footer-default'])
    await expect(page.getByTestId('foyer-footer-default').textContent()).resolves.toBe(
      'Your connected wallet may not support some of the networks available for this dApp.',
    )
    // a view without a footer shows none
    await page.evaluate(() => window.foyer.open({ view: 'WhatIsAWallet' }))
    await page.getByTestId('foyer-view-WhatIsAWallet').waitFor()
    expect(await page.locator('[data-testid^="foyer-footer-"]').count()).toBe(0)
    await page.close()
  })

  it('adds and removes networks at run time, checked as networks given at start (SPEC §5)', async () => {
    const goto = async (url: string) => {
      const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } })
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(url)
      return { page, errors }
    }
    const call = (page: Page, name: 'addNetwork' | 'removeNetwork', arg: unknown) =>
      page.evaluate(
        async ([n, a]) => {
          try {
            await (window.foyer[n] as (x: unknown) => Promise<void>)(a)
            return 'ok'
          } catch (e) {
            return (e as Error).message
          }
        },
        [name, arg] as const,
      )
    const op = { caipNetworkId: 'eip155:10', name: 'OP Mainnet', chainNamespace: 'eip155', nativeSymbol: 'ETH' }
    const page = await openPage()
    expect(await call(page, 'addNetwork', op)).toBe('ok')
    // the checks of the start: a CAIP-2 id, its namespace, a name and a symbol
    expect(await call(page, 'addNetwork', { ...op, caipNetworkId: 'eip155:0x89' })).toBe(
      'Invalid network: "eip155:0x89" is not a CAIP-2 id of eip155, solana or bip122',
    )
    expect(await call(page, 'addNetwork', { ...op, caipNetworkId: 'eip155:137', chainNamespace: 'solana' })).toBe(
      'Invalid network: eip155:137: chainNamespace must be "eip155"',
    )
    expect(await call(page, 'addNetwork', { ...op, caipNetworkId: 'eip155:137', name: ' ' })).toBe(
      'Invalid network: eip155:137: a name is required',
    )
    await page.getByTestId('open-view-Networks').click()
    await expect.poll(() => page.getByTestId('network-item-eip155:10').textContent()).toContain('OP Mainnet')
    expect(await page.getByTestId('network-item-eip155:137').count()).toBe(0)
    // The active network goes: the visitor is moved to the namespace's next one first.
    expect(await call(page, 'removeNetwork', 'eip155:1')).toBe('ok')
    await page.getByTestId('network-item-eip155:1').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain('eip155:8453')
    expect(await call(page, 'removeNetwork', 'eip155:1')).toBe('Network not found: eip155:1')
    expect(await call(page, 'removeNetwork', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(
      'Cannot remove solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp: it is the last solana network',
    )
    await page.getByTestId('network-item-solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp').waitFor()
    expect((page as Page & { errors: string[] }).errors).toEqual([])
    await page.close()

    // Adding or removing needs an adapter for the namespace; a page without one for Solana is refused both.
    const evmOnly = await goto((await stack.startDemo({ options: { adapters: ['eip155'] } })).url)
    await evmOnly.page.getByTestId('connect-button').first().waitFor()
    const devnet = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana Devnet' }
    expect(await call(evmOnly.page, 'addNetwork', { ...devnet, chainNamespace: 'solana', nativeSymbol: 'SOL' })).toBe(
      'Adapter not found: solana',
    )
    expect(await call(evmOnly.page, 'removeNetwork', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(
      'Adapter not found: solana',
    )
    await evmOnly.page.close()
    // The same check at start: a bad network in `networks` stops createFoyer with the same message.
    const bad = await goto((await stack.startDemo({ options: { networks: [{ ...op, name: '' }] } })).url)
    await expect.poll(() => bad.errors.join()).toContain('Invalid network: eip155:10: a name is required')
    await bad.page.close()
  })

  it('leaves wallets out with enableWallets: false and collapses them behind one row with collapseWallets', async () => {
    const connect = async (options: Record<string, unknown>) => {
      const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } })
      await page.goto((await stack.startDemo({ options })).url)
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId('foyer-view-Connect').waitFor()
      await page.getByTestId('connect-method-email').waitFor()
      return page
    }
    // SPEC §9 `wallets` off: email and social login only, no wallet list, WalletConnect or registry
    const off = await connect({ enableWallets: false })
    await off.getByTestId('connect-method-social').waitFor()
    expect(await off.getByTestId('connect-method-wallet').count()).toBe(0)
    expect(await off.getByTestId('connect-wallets').count()).toBe(0)
    expect(await off.getByTestId('all-wallets-button').count()).toBe(0)
    await off.close()
    // SPEC §6 collapseWallets: one row stands for the wallets until the visitor asks for them
    const collapsed = await connect({ features: { collapseWallets: true } })
    const row = collapsed.getByTestId('collapse-wallets-button')
    await expect.poll(() => row.textContent()).toContain('Continue with a wallet')
    expect(await collapsed.getByTestId('connect-wallets').count()).toBe(0)
    expect(await collapsed.getByTestId('all-wallets-button').count()).toBe(0)
    await row.click()
    await collapsed.getByTestId('connect-wallets').waitFor()
    await collapsed.getByTestId('all-wallets-button').waitFor()
    expect(await row.count()).toBe(0)
    await collapsed.close()
    // by default the wallets show at once, beside email and social login
    const page = await openPage()
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('connect-wallets').waitFor()
    await page.getByTestId('connect-method-email').waitFor()
    expect(await page.getByTestId('collapse-wallets-button').count()).toBe(0)
    await page.close()
  })

  it('isolates host CSS from the modal with its shadow root', async () => {
    const page = await openPage()
    await page.addStyleTag({
      content:
        'button, div, span, p { background: rgb(255, 0, 0) !important; border: 9px solid rgb(0, 255, 0) !important; }',
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    const close = page.getByTestId('foyer-header-close')
    const style = await close.evaluate((el) => {
      const s = getComputedStyle(el)
      return { bg: s.backgroundColor, border: s.borderTopWidth }
    })
    expect(style.bg).not.toBe('rgb(255, 0, 0)')
    expect(style.border).not.toBe('9px')
    const inShadow = await close.evaluate((el) => el.getRootNode() instanceof ShadowRoot)
    expect(inShadow).toBe(true)
    await page.close()
  })

  for (const theme of ['dark', 'light'] as const) {
    it(`has no axe-core violations on the open modal (${theme})`, async () => {
      const page = await openPage()
      if (theme === 'light') await page.getByTestId('theme-toggle').click()
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId('foyer-view-Connect').waitFor()
      await page.waitForTimeout(400) // let the open animation settle so contrast is measured on final colours
      await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                ctx: unknown,
                o: unknown,
              ): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }>
            }
          }
        ).axe
        const host = document.querySelector('[data-foyer-modal]') ?? document.querySelector('foyer-modal')
        const result = await axe.run(host ?? document, { resultTypes: ['violations'] })
        return result.violations.map((v) => `${v.id}: ${v.help} @ ${JSON.stringify(v.nodes.map((n) => n.target))}`)
      })
      expect(violations).toEqual([])
      await page.close()
    })
  }
})
