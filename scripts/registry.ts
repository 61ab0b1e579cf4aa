// Regenerates the shipped wallet registry (server/registry/data). Usage:
//   npm run registry:import                    from the pinned npm package (offline source; see server/registry/data)
//   FOYER_WC_PROJECT_ID=… npm run registry:sync  from the WalletConnect Explorer API (FOYER_EXPLORER_URL to override)
// Both take `--out DIR` (default: the shipped data folder). A failure leaves the existing files untouched.
import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { REGISTRY_DATA_DIR, writeRegistry } from '../server/registry/data.js'
import { registryFromExplorer } from '../server/registry/from-explorer.js'
import { registryFromPackage, unpackPackage } from '../server/registry/from-package.js'

const [command, ...rest] = process.argv.slice(2)
const outAt = rest.indexOf('--out')
const out = outAt >= 0 && rest[outAt + 1] ? rest[outAt + 1] : REGISTRY_DATA_DIR

async function main(): Promise<void> {
  if (command === 'import') {
    const pkg = unpackPackage()
    try {
      const { data, source } = await registryFromPackage(pkg)
      writeRegistry(out, data, [source])
      copyFileSync(join(pkg, 'LICENSE'), join(out, source.licenseFile!))
      console.log(`registry: ${data.wallets.length} wallets, ${data.icons.size} icons from ${source.id} → ${out}`)
    } finally {
      rmSync(join(pkg, '..'), { recursive: true, force: true })
    }
    return
  }
  if (command === 'sync') {
    const { data, source } = await registryFromExplorer({
      projectId: process.env.FOYER_WC_PROJECT_ID ?? '',
      baseUrl: process.env.FOYER_EXPLORER_URL,
      log: (line) => console.log(`registry:sync: ${line}`),
    })
    if (data.wallets.length === 0) throw new Error('the WalletConnect Explorer API listed no wallets')
    writeRegistry(out, data, [source])
    console.log(`registry:sync: ${data.wallets.length} wallets, ${data.icons.size} icons → ${out}`)
    return
  }
  throw new Error('usage: registry.ts import|sync [--out DIR]')
}

main().catch((error: unknown) => {
  console.error(`registry:${command ?? ''}: ${error instanceof Error ? error.message : String(error)}`)
  console.error('The wallet registry files were left unchanged.')
  process.exit(1)
})
