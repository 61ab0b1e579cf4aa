import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { compileTestToken, compileWithSolc, TEST_TOKEN_SOURCE } from './compile.js'

describe('TestToken compilation', () => {
  it('compiles with solc 0.8.37 in-process and the cached artifact matches a fresh compile', async () => {
    const fresh = await compileWithSolc(await readFile(TEST_TOKEN_SOURCE, 'utf8'))
    expect(fresh.bytecode).toMatch(/^0x[0-9a-f]{200,}$/)
    expect((await compileTestToken()).bytecode).toBe(fresh.bytecode)
  })

  it('reports Solidity errors', async () => {
    await expect(
      compileWithSolc('pragma solidity 0.8.37; contract TestToken { function f() { x = 1; } }'),
    ).rejects.toThrow(/solc:/)
  })
})
