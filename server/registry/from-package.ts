// The offline source of the registry: the WalletConnect-Explorer-derived wallet metadata that thirdweb (Apache-2.0)
// publishes on the npm registry in its `thirdweb` package: per wallet a data module (name, homepage, rdns, app-store
// and extension links, mobile/desktop links) and a 128×128 WebP icon, in the Explorer's ranking. `npm pack` fetches
// the pinned version through the ordinary npm client; nothing of thirdweb's code runs except those data modules.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SourceInfo } from './data.js'
import { iconFromDataUrl, walletFromListing, walletId, type ExplorerListing } from './listing.js'
import type { RegistryData, RegistryWallet } from './types.js'

/** The package and version the shipped registry is generated from. */
export const RegistryPackage = { name: 'thirdweb', version: '5.121.6', license: 'Apache-2.0' } as const

const GENERATED = 'dist/esm/wallets/__generated__'

/** Fetches the pinned package tarball with `npm pack` and unpacks it; returns the package directory. */
export function unpackPackage(spec = `${RegistryPackage.name}@${RegistryPackage.version}`): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-registry-'))
  try {
    const out = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], { encoding: 'utf8' })
    const tarball = out.trim().split('\n').pop() ?? ''
    execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`registry: could not fetch ${spec} from the npm registry (${(error as Error).message.trim()})`, {
      cause: error,
    })
  }
  return join(dir, 'package')
}

/** Reads the generated wallet data of an unpacked `thirdweb` package at `pkg`. */
export async function registryFromPackage(pkg: string): Promise<{ data: RegistryData; source: SourceInfo }> {
  const base = join(pkg, GENERATED)
  if (!existsSync(join(base, 'wallet-infos.js')))
    throw new Error(`registry: ${pkg} has no ${GENERATED}/wallet-infos.js (is it the thirdweb package?)`)
  const version = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version
  const source = `npm:${RegistryPackage.name}@${version}`
  const load = async (file: string) => (await import(pathToFileURL(join(base, file)).href)) as Record<string, unknown>
  // wallet-infos keeps the Explorer's ranking; entries without a generated folder are thirdweb's own connectors.
  const ranking = (await load('wallet-infos.js')).default as Array<{ id: string }>
  const generated = new Set(readdirSync(join(base, 'wallet')))
  const wallets: RegistryWallet[] = []
  const icons: RegistryData['icons'] = new Map()
  const seen = new Set<string>()
  for (const { id: sourceId } of ranking) {
    if (!generated.has(sourceId) || seen.has(sourceId)) continue
    seen.add(sourceId)
    const listing = (await load(`wallet/${sourceId}/index.js`)).wallet as ExplorerListing
    const wallet = walletFromListing(listing, { id: walletId(sourceId), order: wallets.length + 1, source })
    if (!wallet) continue
    wallets.push(wallet)
    const icon = iconFromDataUrl((await load(`wallet/${sourceId}/image.js`)).default)
    if (icon) icons.set(wallet.id, icon)
  }
  return {
    data: { wallets, icons },
    source: {
      id: source,
      description:
        'Wallet metadata and icons generated from the WalletConnect Explorer by thirdweb, published in the `thirdweb` ' +
        `npm package (${GENERATED}). Chains are not part of this source.`,
      license: RegistryPackage.license,
      licenseFile: 'LICENSE.thirdweb.txt',
      retrievedAt: new Date().toISOString().slice(0, 10),
    },
  }
}
