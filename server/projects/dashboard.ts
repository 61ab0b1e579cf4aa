// The operator's dashboard page (GET /admin): it asks for the operator token, then charts one project's figures from
// /admin/v1/projects/{id}/stats with Chart.js — connections per day by namespace, connections by wallet, errors by
// category. Plain HTML and a small script, both served by the API with a strict Content-Security-Policy.

/** The page. */
export const DashboardHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Foyer · operator dashboard</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1b1b1f; background: #f7f7f8 }
  form { display: flex; gap: 8px; flex-wrap: wrap; align-items: end; margin-bottom: 16px }
  label { display: grid; gap: 4px } input, select { font: inherit; padding: 6px 8px; min-width: 18em }
  section { background: #fff; border-radius: 12px; padding: 16px; margin: 12px 0; max-width: 960px }
  h1 { font-size: 20px } h2 { font-size: 16px; margin: 0 0 8px } #status { color: #b42318 }
</style>
</head>
<body>
<h1>Foyer · operator dashboard</h1>
<form id="form">
  <label>Operator token <input id="token" type="password" autocomplete="off" required></label>
  <label>Project id <input id="project" list="projects" pattern="[0-9a-fA-F]{32}" required></label>
  <datalist id="projects"></datalist>
  <label>Days <select id="days"><option>7</option><option selected>30</option><option>90</option></select></label>
  <button type="submit">Show</button>
</form>
<p id="status" role="status"></p>
<section><h2>Connections per day, by namespace</h2><canvas id="perDay" data-testid="chart-connections-day"></canvas></section>
<section><h2>Connections by wallet</h2><canvas id="byWallet" data-testid="chart-connections-wallet"></canvas></section>
<section><h2>Errors by category</h2><canvas id="errors" data-testid="chart-errors"></canvas></section>
<p id="totals" data-testid="dashboard-totals"></p>
<script src="/admin/chart.js"></script>
<script src="/admin/dashboard.js"></script>
</body>
</html>
`

/** The page's script (plain browser JavaScript, no build step). */
export const DashboardScript = `'use strict'
const $ = (id) => document.getElementById(id)
const charts = {}
const params = new URLSearchParams(location.search)
$('token').value = sessionStorage.getItem('foyer-operator-token') || ''
$('project').value = params.get('project') || ''

async function api(path) {
  const res = await fetch(path, { headers: { authorization: 'Bearer ' + $('token').value } })
  const body = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(body.message || 'HTTP ' + res.status)
  return body
}

function draw(id, type, labels, datasets, stacked) {
  if (charts[id]) charts[id].destroy()
  const scales = stacked ? { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } }
    : { y: { beginAtZero: true, ticks: { precision: 0 } } }
  charts[id] = new Chart($(id), { type, data: { labels, datasets }, options: { animation: false, scales } })
}

const sum = (rows, key, pick) => {
  const out = new Map()
  for (const r of rows) out.set(pick(r), (out.get(pick(r)) || 0) + r[key])
  return out
}

async function show() {
  $('status').textContent = ''
  sessionStorage.setItem('foyer-operator-token', $('token').value)
  const id = $('project').value.toLowerCase()
  history.replaceState(null, '', '?project=' + id)
  try {
    const list = await api('/admin/v1/projects')
    $('projects').replaceChildren(...list.projects.map((p) => new Option(p.name, p.id)))
    const stats = await api('/admin/v1/projects/' + id + '/stats?days=' + $('days').value)
    const days = [...new Set(stats.connections.map((r) => r.day))]
    const namespaces = [...new Set(stats.connections.map((r) => r.namespace))]
    draw('perDay', 'bar', days, namespaces.map((ns) => ({
      label: ns,
      data: days.map((d) => stats.connections.filter((r) => r.day === d && r.namespace === ns).reduce((a, r) => a + r.count, 0)),
    })), true)
    const wallets = sum(stats.connections, 'count', (r) => r.wallet)
    draw('byWallet', 'bar', [...wallets.keys()], [{ label: 'connections', data: [...wallets.values()] }])
    draw('errors', 'bar', stats.errors.map((e) => e.category), [{ label: 'errors', data: stats.errors.map((e) => e.count) }])
    const total = stats.connections.reduce((a, r) => a + r.count, 0)
    const errors = stats.errors.reduce((a, r) => a + r.count, 0)
    $('totals').textContent = total + ' connections and ' + errors + ' errors in the last ' + stats.days + ' days'
  } catch (e) {
    $('status').textContent = e.message
  }
}

$('form').addEventListener('submit', (e) => { e.preventDefault(); show() })
if ($('token').value && $('project').value) show()
`
