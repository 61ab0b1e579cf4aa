// Our devtools: the kernel's events, live, with a filter and an export a visitor can attach to a bug report.
import { useEffect, useMemo, useState } from 'react'
import type { Foyer, FoyerEvent } from '../index.js'

const MAX_ROWS = 300

/** The live event-log panel. */
export function EventLog({ foyer }: { foyer: Foyer }) {
  const [events, setEvents] = useState<FoyerEvent<string>[]>(() => foyer.kernel.log().events.slice(-MAX_ROWS))
  const [filter, setFilter] = useState('')
  const [paused, setPaused] = useState(false)
  const [open, setOpen] = useState<number | null>(null)

  useEffect(() => {
    if (paused) return
    setEvents(foyer.kernel.log().events.slice(-MAX_ROWS))
    return foyer.subscribeEvents((e) => setEvents((list) => [...list.slice(-(MAX_ROWS - 1)), e]))
  }, [foyer, paused])

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase()
    return (f ? events.filter((e) => e.type.toLowerCase().includes(f)) : events).slice().reverse()
  }, [events, filter])

  const exportLog = () => {
    const { base, events: all, dropped } = foyer.kernel.log()
    const report = {
      exportedAt: new Date().toISOString(),
      userAgent: navigator.userAgent,
      dropped,
      base,
      events: all,
      state: foyer.getState(),
    }
    const url = URL.createObjectURL(new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `foyer-log-${Date.now()}.json`
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  return (
    <section className="panel log" aria-labelledby="log-title">
      <header className="panel-head">
        <h2 id="log-title">Event log</h2>
        <span className="muted" data-testid="event-count">
          {events.length} events
        </span>
        <div className="spacer" />
        <input
          className="input"
          placeholder="Filter by type"
          aria-label="Filter events by type"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          data-testid="event-filter"
        />
        <button className="btn ghost" onClick={() => setPaused((p) => !p)} data-testid="event-pause">
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button className="btn ghost" onClick={exportLog} data-testid="export-log">
          Export JSON
        </button>
      </header>
      <ol className="events" data-testid="event-log">
        {shown.length === 0 && (
          <li className="muted empty">No events yet. Open the modal to see the kernel at work.</li>
        )}
        {shown.map((e) => (
          <li key={e.meta.seq} className={`event ${eventTone(e.type)}`}>
            <button
              className="event-row"
              onClick={() => setOpen(open === e.meta.seq ? null : e.meta.seq)}
              aria-expanded={open === e.meta.seq}
            >
              <span className="seq">#{e.meta.seq}</span>
              <code className="type">{e.type}</code>
              {e.meta.requestId && <span className="req">{e.meta.requestId}</span>}
              <time className="muted">{new Date(e.meta.at).toLocaleTimeString()}</time>
            </button>
            {open === e.meta.seq && <pre className="payload">{JSON.stringify(e.payload, null, 2)}</pre>}
          </li>
        ))}
      </ol>
    </section>
  )
}

function eventTone(type: string): string {
  if (type.endsWith('/failed') || type.startsWith('error/')) return 'bad'
  if (type.endsWith('/started') || type.endsWith('/succeeded')) return 'quiet'
  return ''
}
