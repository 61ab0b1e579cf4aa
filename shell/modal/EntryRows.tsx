// An inline Connect method drawn from its manifest's rows (ExtensionEntry.rows) while its plugin's code is not loaded:
// opening Connect downloads nothing for it. Intent on a row prefetches the code, a click sends the row's request, and
// the plugin's own view replaces these rows once it is loaded.
import type { JSX } from 'react'
import type { CatalogEntry, EntryRow, Kernel, RequestName } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { Button, isIconName, ListItem } from '../ui/index.js'

/** The rows of `entry` shown in `features`: with the entry's feature a list, the rows it names in its order. */
export function shownRows(entry: CatalogEntry, features: Readonly<Record<string, unknown>>): EntryRow[] {
  const rows = entry.rows ?? []
  const listed = entry.feature ? features[entry.feature] : undefined
  if (!Array.isArray(listed)) return rows
  return listed.flatMap((id) => rows.filter((r) => r.id === id))
}

/** The rows of an inline Connect method whose plugin is not loaded yet. */
export function EntryRows({ kernel, entry }: { kernel: Kernel; entry: CatalogEntry }): JSX.Element | null {
  const features = useSelect(kernel, (s) => s.config.features)
  const rows = shownRows(entry, features)
  if (!rows.length) return null
  const intent = () => kernel.prefetchView(entry.view)
  const send = (r: EntryRow) => () => {
    // The plugin reports its own failures (snackbar, view); nothing to add here.
    kernel.request(r.request as RequestName, r.input as never).catch(() => undefined)
  }
  const testId = (r: EntryRow) => `${entry.id}-selector-${r.id}`
  const [first, ...rest] = rows
  return (
    <div className="fy-stack" data-testid={`foyer-rows-${entry.id}`}>
      <ListItem
        icon={isIconName(first.icon) ? first.icon : undefined}
        label={first.label}
        testId={testId(first)}
        onClick={send(first)}
        onIntent={intent}
      />
      {rest.length ? (
        <div className="fy-row">
          {rest.map((r) => (
            <Button
              key={r.id}
              variant="secondary"
              size="sm"
              testId={testId(r)}
              onClick={send(r)}
              onPointerEnter={intent}
              onFocus={intent}
              onPointerDown={intent}
            >
              {r.short ?? r.label}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
