import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRegistry, REGISTRY_DATA_DIR, shippedRegistry, writeRegistry } from './data.js'
import { ExplorerUnreachableError, registryFromExplorer } from './from-explorer.js'
import { appLink, iconFromDataUrl, walletFromListing, walletId } from './listing.js'

const run = promisify(execFile)

describe('the shipped registry (server/registry/data)', () => {
  const { wallets, icons, sources } = readRegistry()

  it('holds only wallets from a named, licensed published source, each with its icon', () => {
    expect(wallets.length).toBeGreaterThan(400)
    expect(sources.map((s) => s.id)).toEqual([...new Set(wallets.map((w) => w.source))])
    for (const s of sources) {
      expect(s.license).toBe('Apache-2.0')
      expect(readFileSync(join(REGISTRY_DATA_DIR, s.licenseFile!), 'utf8')).toContain('Apache License')
    }
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
    wallets.forEach((w, i) => {
      expect(w.id).toMatch(/^[0-9a-f]{64}$/)
      expect(w.order).toBe(i + 1)
      expect(icons.get(w.id)?.data.length).toBeGreaterThan(100)
    })
    // No filler: nothing under example domains (the old generated entries lived there).
    const filler = wallets.filter((w) => /(^|[./])example([./]|$)/.test(JSON.stringify(w)))
    expect(filler.map((w) => w.name)).toEqual([])
  })

  it('carries the links a wallet page needs (stores, deep links) for the well-known wallets', () => {
    const byName = (n: string) => wallets.find((w) => w.name === n)
    expect(byName('MetaMask')).toMatchObject({
      rdns: 'io.metamask',
      mobileLink: 'metamask://',
      appStore: expect.stringContaining('apps.apple.com'),
      playStore: 'https://play.google.com/store/apps/details?id=io.metamask',
      chromeStore: expect.stringContaining('nkbihfbeogaeaoehlefnkodbefgpgknn'),
    })
    for (const n of ['Trust Wallet', 'Rainbow', 'Zerion', 'Ledger Wallet', 'Uniswap Wallet', 'Backpack'])
      expect(byName(n), n).toBeDefined()
    expect(wallets.filter((w) => w.mobileLink).length).toBeGreaterThan(wallets.length / 2)
  })

  it('round-trips through writeRegistry/readRegistry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-reg-'))
    try {
      writeRegistry(dir, shippedRegistry(), sources)
      const again = readRegistry(dir)
      expect(again.wallets).toEqual(wallets)
      expect(again.icons.get(wallets[0].id)).toEqual(icons.get(wallets[0].id))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('listings', () => {
  it('keeps safe links only and derives ids', () => {
    const w = walletFromListing(
      {
        name: ' Demo ',
        rdns: 'IO.Demo',
        homepage: 'javascript:alert(1)',
        chains: ['eip155:1', 'nope', 'eip155:1'],
        app: { ios: 'https://apps.apple.com/app/x/id1', android: 'ftp://x', browser: 'https://app.demo.io' },
        mobile: { native: 'javascript:alert(1)', universal: 'https://demo.io/wc' },
        injected: [{ namespace: 'eip155', injected_id: 'isDemo' }, { namespace: 'x' }],
      },
      { id: walletId('io.demo'), order: 1, source: 'test' },
    )
    expect(w).toEqual({
      id: walletId('io.demo'),
      name: 'Demo',
      order: 1,
      chains: ['eip155:1'],
      source: 'test',
      rdns: 'io.demo',
      mobileLink: 'https://demo.io/wc',
      universalLink: 'https://demo.io/wc',
      webappLink: 'https://app.demo.io/',
      appStore: 'https://apps.apple.com/app/x/id1',
      injected: [{ namespace: 'eip155', injectedId: 'isDemo' }],
    })
    expect(walletFromListing({ name: '' }, { id: 'x', order: 1, source: 't' })).toBeUndefined()
    expect(appLink('trust:')).toBe('trust:')
    expect(appLink('data:text/html,x')).toBeUndefined()
    expect(iconFromDataUrl('data:image/gif;base64,R0lGOD')).toBeUndefined()
    expect(iconFromDataUrl('data:image/png;base64,iVBORw0K')?.type).toBe('image/png')
  })
})

// `npm run registry:sync` against a stand-in Explorer on loopback (a test fixture of two listings; the real API is
// not reachable from here), and against a closed port.
describe('registry:sync (WalletConnect Explorer API)', () => {
  const PROJECT = 'ab'.repeat(16)
  const listings = {
    ['1'.repeat(64)]: {
      id: '1'.repeat(64),
      name: 'Explorer Fixture One',
      homepage: 'https://one.test',
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      image_id: 'img-1',
      injected: [{ namespace: 'eip155', injected_id: 'isOne' }],
      mobile: { native: 'one://', universal: null },
      app: { ios: 'https://apps.apple.com/app/one/id1' },
    },
    ['2'.repeat(64)]: { id: '2'.repeat(64), name: 'Explorer Fixture Two', homepage: 'https://two.test' },
  }
  let server: Server
  let base = ''
  const seen: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '')
      const url = new URL(req.url ?? '/', 'http://x')
      if (url.searchParams.get('projectId') !== PROJECT) return void res.writeHead(401).end()
      if (url.pathname === '/v3/wallets')
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ count: 2, listings: url.searchParams.get('page') === '1' ? listings : {} }))
      if (url.pathname === '/v3/logo/md/img-1')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end('PNGDATA')
      res.writeHead(404).end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('keeps the Explorer ids, chains, injected data and icons', async () => {
    const { data, source } = await registryFromExplorer({ projectId: PROJECT, baseUrl: base })
    expect(seen[0]).toBe(`/v3/wallets?projectId=${PROJECT}&entries=100&page=1`)
    expect(data.wallets.map((w) => [w.id, w.name, w.order])).toEqual([
      ['1'.repeat(64), 'Explorer Fixture One', 1],
      ['2'.repeat(64), 'Explorer Fixture Two', 2],
    ])
    expect(data.wallets[0]).toMatchObject({
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      injected: [{ namespace: 'eip155', injectedId: 'isOne' }],
      mobileLink: 'one://',
      source: source.id,
    })
    expect(new TextDecoder().decode(data.icons.get('1'.repeat(64))!.data)).toBe('PNGDATA')
    expect(data.icons.has('2'.repeat(64))).toBe(false)
  })

  it('fails with a clear message when the API is unreachable, leaving the files as they were', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo
        s.close(() => resolve(port))
      })
    })
    await expect(registryFromExplorer({ projectId: PROJECT, baseUrl: `http://127.0.0.1:${closed}` })).rejects.toThrow(
      ExplorerUnreachableError,
    )
    const out = mkdtempSync(join(tmpdir(), 'foyer-sync-'))
    const cli = run('node', ['--import', 'tsx', 'scripts/registry.ts', 'sync', '--out', out], {
      env: { ...process.env, FOYER_WC_PROJECT_ID: PROJECT, FOYER_EXPLORER_URL: `http://127.0.0.1:${closed}` },
    })
    const failed = (await cli.then(
      () => undefined,
      (e: unknown) => e,
    )) as { code: number; stderr: string }
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain(
      `registry:sync: cannot reach the WalletConnect Explorer API at http://127.0.0.1:${closed} (ECONNREFUSED)`,
    )
    expect(failed.stderr).toContain('The wallet registry files were left unchanged.')
    expect(existsSync(join(out, 'wallets.json'))).toBe(false)
    rmSync(out, { recursive: true, force: true })
    await expect(registryFromExplorer({ projectId: 'nope', baseUrl: base })).rejects.toThrow(/FOYER_WC_PROJECT_ID/)
  })
})
