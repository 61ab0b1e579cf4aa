// Renders a view by id: at once when its code is loaded; otherwise it asks the kernel to load it and shows a spinner
// meanwhile. A crash or an unknown id becomes a message instead of a broken modal.
import { useSignals } from '@preact/signals-react/runtime'
import { Component, Suspense, useEffect, useState, type ComponentType, type JSX, type ReactNode } from 'react'
import type { Kernel } from '../../kernel/index.js'
import { EmptyState, Spinner } from '../ui/index.js'
import type { ViewProps } from '../views/index.js'
import { NeedState, useUnmetNeed } from './Needs.js'

/** Props of {@link ViewRenderer}. */
export interface ViewRendererProps {
  kernel: Kernel
  id: string
  data?: unknown
  /** What to show while loading (default: a centred spinner). */
  fallback?: ReactNode
  /** Render nothing (instead of a message) when the view is unknown — for optional slots. */
  optional?: boolean
}

/** A centred spinner for views on their way. */
export function ViewLoading(): JSX.Element {
  return (
    <div className="fy-view-loading" data-testid="foyer-view-loading">
      <Spinner size={28} label="Loading" />
    </div>
  )
}

class Boundary extends Component<{ kernel: Kernel; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.kernel.reportError(error)
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <EmptyState
        icon="alert"
        title="Something went wrong"
        description="This screen could not be shown. Please go back and try again."
        testId="foyer-view-error"
      />
    )
  }
}

/** Renders view `id` with `{ kernel, data }` props. */
export function ViewRenderer({ kernel, id, data, fallback, optional }: ViewRendererProps): JSX.Element | null {
  // The kernel's view registry is reactive: this re-renders when the view's plugin finishes loading.
  useSignals()
  const [failed, setFailed] = useState<string>()
  const spec = kernel.getView(id)
  const known = !!spec || kernel.viewIds().includes(id)
  // Opened without what it needs: one empty state, and its code is not loaded for nothing.
  const need = useUnmetNeed(kernel, id, data)
  useEffect(() => {
    if (spec || !known || need) return
    let live = true
    kernel.ensureView(id).catch((error: unknown) => {
      kernel.reportError(error)
      if (live) setFailed(id)
    })
    return () => {
      live = false
    }
  }, [kernel, id, spec, known, need])

  if (!known || failed === id) {
    if (optional) return null
    return (
      <EmptyState
        icon="alert"
        title="This screen isn't available"
        description={`The view "${id}" is not part of this app's configuration.`}
        testId="foyer-view-unknown"
      />
    )
  }
  if (need) return optional ? null : <NeedState kernel={kernel} need={need} />
  if (!spec) return <>{fallback ?? <ViewLoading />}</>
  const View = spec.component as ComponentType<ViewProps>
  // Suspense only matters for what a view loads inside itself (e.g. a QR code module); the view renders directly.
  return (
    <Boundary kernel={kernel} key={id}>
      <Suspense fallback={fallback ?? <ViewLoading />}>
        <View kernel={kernel} data={data} />
      </Suspense>
    </Boundary>
  )
}

/** Renders a view in place inside another view (an inline entry); nothing when no plugin provides it. */
export function Slot({
  kernel,
  id,
  data,
  testId,
}: {
  kernel: Kernel
  id: string
  data?: unknown
  testId?: string
}): JSX.Element | null {
  useSignals()
  if (!kernel.viewIds().includes(id)) return null
  return (
    <div className="fy-slot" data-testid={testId ?? `foyer-slot-${id}`}>
      <ViewRenderer
        kernel={kernel}
        id={id}
        data={data}
        optional
        fallback={
          <div className="fy-slot-loading">
            <Spinner size={20} />
          </div>
        }
      />
    </div>
  )
}
