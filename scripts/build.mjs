// Builds the library and/or the demo page with rollup, then writes the demo's index.html pointing at the hashed
// entry with modulepreload hints for its static imports. Usage: node scripts/build.mjs [--demo|--lib]
import { rollup } from 'rollup'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import configFactory from '../rollup.config.mjs'

const target = process.argv.includes('--demo') ? 'demo' : process.argv.includes('--lib') ? 'lib' : 'all'
const started = Date.now()

for (const config of configFactory({ configTarget: target })) {
  const outDir = config.output.dir
  await rm(outDir, { recursive: true, force: true })
  const bundle = await rollup(config)
  const { output } = await bundle.write(config.output)
  await bundle.close()
  if (outDir === 'dist/demo/assets') await writeDemoHtml(output)
  console.log(`built ${outDir} (${output.length} files)`)
}
console.log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`)

async function writeDemoHtml(output) {
  const entry = output.find((o) => o.type === 'chunk' && o.isEntry && o.name === 'demo')
  const preload = entry.imports.map((f) => `<link rel="modulepreload" href="/assets/${f}">`).join('\n')
  // Roles let bench/size count React and the demo's own code apart from Foyer's.
  const roles = output
    .filter((o) => o.type === 'chunk')
    .map((c) => ({
      file: c.fileName,
      name: c.name,
      entry: c.isEntry,
      dynamic: c.isDynamicEntry,
      role: c.name === 'react' ? 'react' : c.isEntry && c.name === 'demo' ? 'demo' : 'foyer',
    }))
  await mkdir('dist/demo', { recursive: true })
  await writeFile('dist/demo/chunks.json', JSON.stringify(roles, null, 2))
  const template = await readFile('demo/index.html', 'utf8')
  const html = template.replace(
    '<!--FOYER_DEMO_ENTRY-->',
    `${preload}\n<script type="module" src="/assets/${entry.fileName}"></script>`,
  )
  await mkdir('dist/demo', { recursive: true })
  await writeFile('dist/demo/index.html', html)
}
