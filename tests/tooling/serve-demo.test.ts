import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveDemo } from '../../scripts/serve-demo.js'
import type { RunningService } from '../../server/types.js'

// Issue 20 #12: the root check must end at a path separator, or `dist/demo-private` passes as `dist/demo`.
describe('serveDemo', () => {
  const base = mkdtempSync(join(tmpdir(), 'foyer-serve-demo-'))
  let demo: RunningService
  beforeAll(async () => {
    mkdirSync(join(base, 'demo'))
    mkdirSync(join(base, 'demo-private'))
    writeFileSync(join(base, 'demo', 'index.html'), '<p>demo</p>')
    writeFileSync(join(base, 'demo-private', 'secret.txt'), 'the sibling folder')
    demo = await serveDemo({ root: join(base, 'demo') })
  })
  afterAll(async () => {
    await demo?.close()
    rmSync(base, { recursive: true, force: true })
  })

  it('serves its own files and refuses a sibling folder whose name starts with the root', async () => {
    expect(await (await fetch(`${demo.url}/index.html`)).text()).toBe('<p>demo</p>')
    for (const path of [
      '/..%2fdemo-private/secret.txt',
      '/..%2f..%2fdemo-private%2fsecret.txt',
      '/%2e%2e/demo-private/secret.txt',
    ]) {
      const res = await fetch(`${demo.url}${path}`)
      expect(await res.text(), path).not.toContain('the sibling folder')
    }
    const res = await fetch(`${demo.url}/..%2fdemo-private/secret.txt`)
    expect(res.status).toBe(403)
  })
})
