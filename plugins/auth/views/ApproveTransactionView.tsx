// ApproveTransaction (SPEC §4): the secure frame itself shows what is asked, with its approve and reject buttons, so
// no script on the host page can approve for the visitor. This view only reserves the room and lays the frame —
// which lives in document.body and never moves in the DOM (moving an iframe reloads it) — exactly over that room.
import { useLayoutEffect, useRef, type JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Spinner, Text } from '../../../shell/ui/index.js'
import { HIDDEN_FRAME_STYLE, type FrameTransport } from '../frame.js'

/** How tall the approval area is (the frame's own layout fits it). */
export const APPROVAL_HEIGHT_PX = 380

/** Lays `frame` over `box` every animation frame while mounted (the modal animates, scrolls and resizes). */
export function useFrameOver(frame: () => FrameTransport | undefined, box: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const el = frame()?.element()
    const target = box.current
    if (!el || !target) return
    let raf = 0
    let last = ''
    const place = () => {
      const r = target.getBoundingClientRect()
      const key = `${r.left}|${r.top}|${r.width}|${r.height}`
      if (key !== last) {
        last = key
        el.style.cssText =
          `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;border:0;` +
          'opacity:1;z-index:2147483647;background:transparent;color-scheme:normal'
      }
      raf = requestAnimationFrame(place)
    }
    place()
    return () => {
      cancelAnimationFrame(raf)
      el.style.cssText = HIDDEN_FRAME_STYLE
    }
  }, [frame, box])
}

/** Builds the view over the plugin's frame. */
export function createApproveTransactionView(frame: () => FrameTransport | undefined) {
  return function ApproveTransactionView(_props: { kernel: Kernel }): JSX.Element {
    const box = useRef<HTMLDivElement>(null)
    useFrameOver(frame, box)
    return (
      <div
        ref={box}
        className="fy-stack fy-center"
        data-testid="approve-transaction-area"
        style={{ height: APPROVAL_HEIGHT_PX, alignItems: 'center', justifyContent: 'center' }}
      >
        <Spinner size={28} label="Waiting for the wallet" />
        <Text variant="muted">Opening the secure wallet…</Text>
      </div>
    )
  }
}
