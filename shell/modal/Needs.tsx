// A view opened without what it needs (from `open({ view })` or a launcher, disconnected or outside its flow) shows
// one empty state instead of its own copy, which would be wrong or blank: the view declares its needs in its
// manifest (`needs`), and a view that renders nothing at all gets the same empty state.
import { useLayoutEffect, useState, type JSX, type RefObject } from 'react'
import { unmetNeed, type Kernel, type UnmetNeed } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { Button, EmptyState } from '../ui/index.js'

/** The unmet need of view `id` opened with `data`, kept current. */
export function useUnmetNeed(kernel: Kernel, id: string, data: unknown): UnmetNeed | undefined {
  return useSelect(kernel, (s) => unmetNeed(kernel.viewMeta(id)?.needs, s, data))
}

/** The one empty state: connect (a connection is missing) or nothing to show, with Back (or Close on its own). */
export function NeedState({ kernel, need }: { kernel: Kernel; need: UnmetNeed }): JSX.Element {
  const deep = useSelect(kernel, (s) => s.router.history.length > 1)
  if (need === 'connection')
    return (
      <EmptyState
        icon="wallet"
        title="No wallet connected"
        description="Connect a wallet to see this."
        testId="foyer-view-needs-connection"
        action={
          <Button testId="foyer-needs-connect" onClick={() => kernel.send('router/reset', { view: 'Connect' })}>
            Connect a wallet
          </Button>
        }
      />
    )
  return (
    <EmptyState
      title="Nothing to show here"
      description="This screen belongs to a step that has not started."
      testId="foyer-view-empty"
      action={
        <Button variant="secondary" testId="foyer-empty-back" onClick={() => kernel.send('router/back')}>
          {deep ? 'Back' : 'Close'}
        </Button>
      }
    />
  )
}

/** True while the element `box` holds nothing: the view rendered null (an inline line with nothing to say). */
export function useBlank(box: RefObject<HTMLElement | null>): boolean {
  const [blank, setBlank] = useState(false)
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    // The empty state itself, once shown, does not count as content.
    const check = () =>
      setBlank([...el.childNodes].every((n) => n instanceof Element && n.hasAttribute('data-fy-blank')))
    check()
    const watch = new MutationObserver(check)
    watch.observe(el, { childList: true })
    return () => watch.disconnect()
  }, [box])
  return blank
}
