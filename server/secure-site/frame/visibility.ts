// The clickjacking guard of the approval screen: Approve works only after the visitor has been able to SEE it for a
// while. The host page owns the iframe element and can make it transparent, filter or shrink it, or paint a decoy
// over it that lets clicks through (pointer-events: none); none of that is visible from inside the frame except
// through IntersectionObserver v2, whose `isVisible` is true only when the browser itself drew the target unoccluded,
// at full opacity, without filters or distorting transforms anywhere up the embedding chain.

/** How long the approval must have been visible, without a break, before Approve works. */
export const VISIBLE_FOR_MS = 600
/** Where the browser cannot tell (no IntersectionObserver v2: Firefox, Safari), Approve only waits this long. */
export const UNTRACKED_DELAY_MS = 1_500
// The shortest report delay the observer allows (Chromium clamps lower values up to it).
const REPORT_DELAY_MS = 100

/** The state of the guard; `onChange` runs whenever `open` or `hidden` may have changed. */
export interface VisibilityGate {
  /** True once the approval has been visible for VISIBLE_FOR_MS without a break (since the last restart). */
  open(): boolean
  /** True while the browser reports that something hides or covers the approval. */
  hidden(): boolean
  /** Whether the browser can tell visibility (IntersectionObserver v2). */
  readonly tracked: boolean
  /** A new request is shown: the wait starts again, so a double click cannot approve the next one. */
  restart(): void
  onChange?: () => void
  dispose(): void
}

type TrackingInit = IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }
type TrackedEntry = IntersectionObserverEntry & { isVisible?: boolean }

/** True where IntersectionObserver v2 (trackVisibility) is implemented. */
export function canTrackVisibility(): boolean {
  return typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
}

/** Watches `target` (the approval screen) and opens the gate once it has been seen long enough. */
export function watchVisibility(target: Element, now: () => number = () => performance.now()): VisibilityGate {
  const tracked = canTrackVisibility()
  let visible = !tracked
  // laid out on screen (a hidden screen is not "covered": it just is not shown yet)
  let onScreen = false
  let since: number | undefined = tracked ? undefined : now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const wait = tracked ? VISIBLE_FOR_MS : UNTRACKED_DELAY_MS
  const gate: VisibilityGate = {
    tracked,
    open: () =>
      visible && since !== undefined && now() - since >= wait && (tracked || document.visibilityState === 'visible'),
    hidden: () => tracked && onScreen && !visible,
    restart() {
      since = visible ? now() : undefined
      schedule()
      gate.onChange?.()
    },
    dispose() {
      observer?.disconnect()
      clearTimeout(timer)
    },
  }
  function schedule(): void {
    clearTimeout(timer)
    if (since === undefined) return
    // one tick past the end of the wait, then the buttons are redrawn from open()
    timer = setTimeout(() => gate.onChange?.(), Math.max(0, since + wait - now()) + 10)
  }
  const observer = tracked
    ? new IntersectionObserver(
        (entries) => {
          const last = entries.at(-1) as TrackedEntry | undefined
          if (!last) return
          const nowVisible = last.isVisible === true
          const wasCovered = gate.hidden()
          onScreen = last.isIntersecting
          if (nowVisible === visible) {
            if (gate.hidden() !== wasCovered) gate.onChange?.()
            return
          }
          visible = nowVisible
          since = visible ? now() : undefined
          schedule()
          gate.onChange?.()
        },
        { threshold: [0, 1], trackVisibility: true, delay: REPORT_DELAY_MS } as TrackingInit,
      )
    : undefined
  observer?.observe(target)
  return gate
}
