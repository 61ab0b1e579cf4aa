// The pages the visitor sees on the secure site during a social login: the popup's last page, which hands the result
// URI to the page that opened it (postMessage to that page's exact origin), and the page for a sign-in gone wrong.

/** The message type the popup posts to its opener (the page checks origin and source before reading it). */
export const SOCIAL_RESULT_TYPE = '@foyer-social/RESULT'

const escapeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Content-Security-Policy of these pages: only our own script. */
export const SOCIAL_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const page = (body: string, extra = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Foyer wallet</title>${extra}
<style>body{font:16px/1.45 system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#18181b}</style>
</head><body><main>${body}</main></body></html>`

/** The popup's last page: posts `resultUri` to the opener on `hostOrigin` (every 500 ms) until the opener closes it. */
export function resultPage(hostOrigin: string, resultUri: string): string {
  return page(
    '<p id="status" data-testid="social-result">Finishing sign-in…</p>',
    `<script type="application/json" id="foyer-social-result">${escapeJson({ hostOrigin, resultUri })}</script>
<script src="/social/done.js" defer></script>`,
  )
}

/** The script of the result page (served as /social/done.js under the CSP above). */
export const RESULT_SCRIPT = `(() => {
  const s = JSON.parse(document.getElementById('foyer-social-result').textContent)
  const status = document.getElementById('status')
  if (!window.opener) { status.textContent = 'This window lost its app. Close it and sign in again.'; return }
  // posted again until the opener closes this window: the page may still be loading the code that listens
  const post = () => window.opener && window.opener.postMessage({ type: ${JSON.stringify(SOCIAL_RESULT_TYPE)}, resultUri: s.resultUri }, s.hostOrigin)
  post()
  setInterval(post, 500)
  status.textContent = 'Signed in. You can close this window.'
})()`

/** A sign-in that cannot go on. */
export function failedPage(message: string): string {
  return page(`<h1>Sign-in failed</h1><p data-testid="social-failed">${esc(message)}</p>`)
}
