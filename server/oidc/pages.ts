// The local OpenID provider's pages: the sign-in form (any user name; no password, it is a local stand-in for the
// provider's own login) and the page shown when a request is refused.

const NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body { font: 16px/1.45 system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center;
  background: #f4f4f5; color: #18181b; }
main { background: #fff; border: 1px solid #e4e4e7; border-radius: 16px; padding: 28px; width: min(360px, 90vw); }
h1 { font-size: 20px; margin: 0 0 4px; } p { color: #60606a; font-size: 14px; margin: 0 0 16px; }
input { box-sizing: border-box; width: 100%; padding: 10px 12px; font: inherit; border: 1px solid #d4d4d8;
  border-radius: 10px; margin-bottom: 12px; }
.row { display: flex; gap: 8px; } button { flex: 1; padding: 10px; font: inherit; font-weight: 600; border-radius: 999px;
  border: 1px solid #d4d4d8; background: #fff; cursor: pointer; } button.go { background: #18181b; color: #fff; }
.error { color: #c0262d; }
</style></head><body><main>${body}</main></body></html>`

/** The sign-in form of interaction `uid` for `provider`'s client. */
export function signInPage(o: { uid: string; provider: string; error?: string }): string {
  const name = NAMES[o.provider] ?? o.provider
  const action = `/interaction/${encodeURIComponent(o.uid)}`
  return page(
    `Sign in to ${name}`,
    `<h1 data-testid="oidc-title">Sign in to ${esc(name)}</h1>
<p>Local OpenID provider playing ${esc(name)}: any user name signs in, and the same name is the same person.</p>
${o.error ? `<p class="error" role="alert">${esc(o.error)}</p>` : ''}
<form method="post" action="${action}/login">
<input name="username" autocomplete="username" placeholder="User name" aria-label="User name" data-testid="oidc-username" required autofocus>
<div class="row"><button type="submit" formaction="${action}/abort" formnovalidate data-testid="oidc-cancel">Cancel</button>
<button type="submit" class="go" data-testid="oidc-continue">Continue</button></div>
</form>`,
  )
}

/** A refused or broken request. */
export function abortedPage(message: string): string {
  return page('Sign-in failed', `<h1>Sign-in failed</h1><p class="error" data-testid="oidc-error">${esc(message)}</p>`)
}
