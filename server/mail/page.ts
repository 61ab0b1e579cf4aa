// The mailbox page: newest message first, refreshed every two seconds. Message fields are untrusted and only ever
// set as text, never parsed as HTML.

const script = `
const list = document.getElementById('messages')
const filter = document.getElementById('filter')
let last = ''
async function refresh() {
  const to = filter.value.trim()
  const res = await fetch('/api/messages' + (to ? '?to=' + encodeURIComponent(to) : ''))
  const { messages } = await res.json()
  const key = JSON.stringify(messages.map((m) => m.id)) + to
  if (key === last) return
  last = key
  list.replaceChildren()
  if (messages.length === 0) {
    const p = document.createElement('p')
    p.className = 'empty'
    p.textContent = to ? 'No mail to ' + to + ' yet.' : 'No mail yet. Log in by email on the demo and the code arrives here.'
    list.append(p)
  }
  for (const m of messages.reverse()) {
    const item = document.createElement('article')
    item.dataset.testid = 'mailbox-message'
    const head = document.createElement('header')
    const subject = document.createElement('strong')
    subject.textContent = m.subject || '(no subject)'
    const meta = document.createElement('span')
    meta.textContent = 'to ' + m.to.join(', ') + ' · from ' + m.from + ' · ' + new Date(m.receivedAt).toLocaleTimeString()
    head.append(subject, meta)
    const body = document.createElement('pre')
    body.textContent = m.text
    item.append(head, body)
    list.append(item)
  }
}
filter.addEventListener('input', () => { last = ''; refresh() })
refresh()
setInterval(refresh, 2000)
`

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Foyer local mailbox</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #141416; color: #e4e4e7; }
  main { max-width: 760px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.note { color: #a1a1aa; margin: 0 0 16px; }
  input { width: 100%; box-sizing: border-box; padding: 8px 10px; border-radius: 8px; border: 1px solid #3f3f46;
    background: #1c1c1f; color: inherit; margin-bottom: 16px; }
  article { background: #1c1c1f; border: 1px solid #27272a; border-radius: 12px; padding: 12px 14px; margin-bottom: 12px; }
  header { display: flex; flex-direction: column; gap: 2px; }
  header span { color: #a1a1aa; font-size: 13px; }
  pre { white-space: pre-wrap; font: inherit; margin: 8px 0 0; }
  .empty { color: #a1a1aa; }
</style>
</head>
<body>
<main>
  <h1>Local mailbox</h1>
  <p class="note">Every message the local SMTP server received. Nothing is delivered anywhere else.</p>
  <input id="filter" type="search" placeholder="Filter by recipient, e.g. you@example.com" aria-label="Recipient">
  <section id="messages" aria-live="polite"></section>
</main>
<script src="/mailbox.js"></script>
</body>
</html>`

/** The mailbox page's HTML and its script (served as a file so the page's CSP allows no inline script). */
export const mailboxPage = { html, script }
