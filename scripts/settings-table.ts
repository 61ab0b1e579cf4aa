// Writes the settings tables of server/README.md from the declarations in server/config/<role>.ts, and its other
// generated tables (server/config/readme.ts GENERATED: the Limits table, ...).
// Usage: node --import tsx scripts/settings-table.ts [--write | --check]   (no flag: print the settings tables)
import { writeFileSync } from 'node:fs'
import { README_FILE, generatedReadme, readReadme, settingsTables } from '../server/config/readme.js'

const tables = await settingsTables()
const readme = readReadme()
const next = process.argv.length > 2 ? await generatedReadme(readme) : readme
if (process.argv.includes('--write')) {
  writeFileSync(README_FILE, next)
  console.log(next === readme ? 'server/README.md: generated tables already up to date' : 'server/README.md: written')
} else if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('server/README.md: the generated tables differ from server/config/; run with --write')
    process.exitCode = 1
  }
} else console.log(tables)
