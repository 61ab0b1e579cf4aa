// Accessible tabs (WAI-ARIA tabs pattern: roving tabindex, arrow keys); the caller renders the panel.
import { useRef, type JSX, type KeyboardEvent } from 'react'

/** One tab. */
export interface TabItem {
  id: string
  label: string
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  tabs: TabItem[]
  active: string
  onChange(id: string): void
  /** Test ids are `<testIdPrefix>-<id>`. */
  testIdPrefix?: string
  /** Prefix of the tab/panel element ids, for aria-controls. */
  idPrefix?: string
  label?: string
}

/** A row of tabs; pair with a `role="tabpanel"` element whose id is `<idPrefix>-panel`. */
export function Tabs({
  tabs,
  active,
  onChange,
  testIdPrefix = 'tab',
  idPrefix = 'fy-tabs',
  label,
}: TabsProps): JSX.Element {
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === active)
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!step || i < 0) return
    e.preventDefault()
    const next = tabs[(i + step + tabs.length) % tabs.length]
    onChange(next.id)
    list.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus()
  }
  return (
    <div className="fy-tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${idPrefix}-${t.id}`}
          data-tab={t.id}
          data-testid={`${testIdPrefix}-${t.id}`}
          aria-selected={t.id === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={t.id === active ? 0 : -1}
          className={`fy-tab${t.id === active ? ' fy-tab-active' : ''}`}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
