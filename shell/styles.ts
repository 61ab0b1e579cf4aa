// Styles go in through constructable stylesheets (CSP-friendly); a nonce'd <style> only where those are missing.

const sheets = new Map<string, CSSStyleSheet>()

const constructable = (): boolean =>
  typeof CSSStyleSheet !== 'undefined' &&
  'replaceSync' in CSSStyleSheet.prototype &&
  typeof ShadowRoot !== 'undefined' &&
  'adoptedStyleSheets' in ShadowRoot.prototype

/** Adds `css` to a shadow root once; one sheet object is shared by every root that adopts the same text. */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string): void {
  if (constructable()) {
    let sheet = sheets.get(css)
    if (!sheet) {
      sheet = new CSSStyleSheet()
      sheet.replaceSync(css)
      sheets.set(css, sheet)
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  const style = root.ownerDocument.createElement('style')
  if (nonce) style.nonce = nonce
  style.textContent = css
  root.prepend(style)
}
