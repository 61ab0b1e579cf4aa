import { afterEach, describe, expect, it } from 'vitest'
import { adoptStyles } from './styles.js'

const original = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets')
afterEach(() => {
  if (original) Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', original)
})

describe('adoptStyles', () => {
  it('shares one constructable sheet between roots and adds it once', () => {
    const a = document.createElement('div').attachShadow({ mode: 'open' })
    const b = document.createElement('div').attachShadow({ mode: 'open' })
    adoptStyles(a, '.x{color:red}')
    adoptStyles(a, '.x{color:red}')
    adoptStyles(b, '.x{color:red}')
    expect(a.adoptedStyleSheets).toHaveLength(1)
    expect(a.adoptedStyleSheets[0]).toBe(b.adoptedStyleSheets[0])
    expect(a.querySelector('style')).toBeNull()
  })

  it('falls back to a <style> carrying the nonce when constructable sheets are missing', () => {
    // Simulate an older engine.
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets
    const root = document.createElement('div').attachShadow({ mode: 'open' })
    adoptStyles(root, '.y{color:blue}', 'abc123')
    const style = root.querySelector('style')!
    expect(style.textContent).toBe('.y{color:blue}')
    expect(style.nonce || style.getAttribute('nonce')).toBe('abc123')
  })
})
