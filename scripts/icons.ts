// Regenerates the shipped logos (server/icons/data) from the pinned icon package. Usage: npm run icons:import
// A failure leaves the existing files untouched.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { ICONS_FILE } from '../server/icons/icons.js'
import { IconPackage, iconsFromPackage } from '../server/icons/source.js'
import { unpackPackage } from '../server/registry/from-package.js'

const pkg = unpackPackage(`${IconPackage.name}@${IconPackage.version}`)
try {
  const data = iconsFromPackage(pkg)
  const file = fileURLToPath(ICONS_FILE)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  const count = Object.keys(data.networks).length + Object.keys(data.tokens).length + Object.keys(data.wallets).length
  console.log(`icons: ${count} marks from ${data.source} → ${file}`)
} catch (error) {
  console.error(`icons:import: ${error instanceof Error ? error.message : String(error)}`)
  console.error('The shipped icons were left unchanged.')
  process.exitCode = 1
} finally {
  rmSync(join(pkg, '..'), { recursive: true, force: true })
}
