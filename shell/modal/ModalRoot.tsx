// The modal itself: themed root, backdrop and dialog card (or an inline card in embedded mode), with focus
// management, Escape and backdrop closing, and the shake. Closing is only ever *requested*; the kernel decides.
import { useEffect, useRef, type FocusEvent, type JSX, type KeyboardEvent, type MouseEvent } from 'react'
import type { Kernel, RouteEntry } from '../../kernel/index.js'
import type { Foyer } from '../createFoyer.js'
import { useSelect } from '../react/useSelect.js'
import { themeStyle } from '../theme.js'
import { deepActiveElement, focusFoyerButton, trapTab } from './focus.js'
import { Footer } from './Footer.js'
import { Header } from './Header.js'
import { NeedState, useBlank } from './Needs.js'
import { AlertBar, LiveStatus, Snackbar } from './Notices.js'
import { ViewRenderer } from './ViewRenderer.js'

function ViewBox({ kernel, route }: { kernel: Kernel; route: RouteEntry }): JSX.Element {
  const box = useRef<HTMLDivElement>(null)
  const blank = useBlank(box)
  return (
    <div className="fy-view" data-testid={`foyer-view-${route.view}`} ref={box}>
      <ViewRenderer kernel={kernel} id={route.view} data={route.data} />
      {blank ? (
        <div data-fy-blank="">
          <NeedState kernel={kernel} need="context" />
        </div>
      ) : null}
    </div>
  )
}

function CurrentView({ kernel }: { kernel: Kernel }): JSX.Element {
  const route = useSelect(kernel, (s) => s.router.history.at(-1) ?? { view: 'Connect' })
  return <ViewBox kernel={kernel} route={route} key={route.view} />
}

function CardBody({ kernel, embedded }: { kernel: Kernel; embedded: boolean }): JSX.Element {
  const loading = useSelect(kernel, (s) => s.modal.loading)
  return (
    <>
      {loading ? <div className="fy-progress" data-testid="foyer-loading" aria-hidden="true" /> : null}
      <Header kernel={kernel} embedded={embedded} />
      <AlertBar kernel={kernel} />
      <div className="fy-body">
        <CurrentView kernel={kernel} />
      </div>
      <Footer kernel={kernel} />
      <Snackbar kernel={kernel} />
    </>
  )
}

// The view's heading when it has a title, else the dialog itself.
const focusHeading = (card: HTMLElement) => {
  const heading = card.querySelector<HTMLElement>('#fy-title')
  ;(heading?.textContent ? heading : card).focus({ preventScroll: true })
}

function Dialog({ kernel }: { kernel: Kernel }): JSX.Element {
  const card = useRef<HTMLDivElement>(null)
  const shake = useSelect(kernel, (s) => s.modal.shake)
  const busy = useSelect(kernel, (s) => s.modal.loading)
  // Mounted exactly while open: remember who had focus, move it in, and give it back on close.
  useEffect(() => {
    const el = card.current!
    const previous = deepActiveElement(el.ownerDocument)
    // Opened from the keyboard (the button showed its focus ring): a pointer visitor's focus is not handed on below,
    // since focusing a Foyer button counts as intent and would download the Account's code unasked.
    const byKeyboard = previous instanceof HTMLElement && previous.matches(':focus-visible')
    el.focus({ preventScroll: true })
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true })
      // Connecting replaces the Connect button that opened the modal: focus goes to its successor, not <body>.
      else if (byKeyboard && previous !== el.ownerDocument.body) focusFoyerButton(el.ownerDocument)
    }
  }, [])
  // A new view: its heading takes focus (a screen reader reads where the visitor is; Tab starts from the top), unless
  // the view already moved focus to one of its own fields.
  const route = useSelect(kernel, (s) => s.router.history.at(-1))
  const first = useRef(true)
  useEffect(() => {
    const el = card.current!
    if (first.current) {
      first.current = false
      return
    }
    const active = (el.getRootNode() as ShadowRoot).activeElement
    if (active && el.contains(active) && active !== el && active.matches('input, textarea, select')) return
    focusHeading(el)
  }, [route])
  // Focus can still end up on the page body (a click on nothing); Escape must close from there too.
  useEffect(() => {
    const doc = card.current!.ownerDocument
    const onDocKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) kernel.send('modal/close')
    }
    doc.addEventListener('keydown', onDocKey)
    return () => doc.removeEventListener('keydown', onDocKey)
  }, [kernel])
  // A view re-rendering away the focused control (a picker closing) drops focus on <body>, where Tab leaves the
  // dialog: the view's heading takes it instead.
  const onBlur = (e: FocusEvent) => {
    if (e.relatedTarget) return
    setTimeout(() => {
      const el = card.current
      if (el?.isConnected && !(el.getRootNode() as ShadowRoot).activeElement) focusHeading(el)
    })
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      kernel.send('modal/close')
      return
    }
    trapTab(e, card.current!)
  }
  // A drag that starts inside the card (selecting text) and ends on the backdrop must not close the modal.
  const pressedOnBackdrop = useRef<boolean | null>(null)
  const onPress = (e: MouseEvent) => {
    pressedOnBackdrop.current = e.target === e.currentTarget
  }
  const onBackdrop = (e: MouseEvent) => {
    const pressed = pressedOnBackdrop.current
    pressedOnBackdrop.current = null
    if (e.target === e.currentTarget && pressed !== false) kernel.send('modal/close')
  }
  return (
    <div className="fy-overlay" data-testid="foyer-backdrop" onMouseDown={onPress} onClick={onBackdrop}>
      <div
        ref={card}
        className={`fy-card${shake ? ' fy-shake' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="fy-title"
        aria-busy={busy || undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        data-testid="foyer-modal"
      >
        <CardBody kernel={kernel} embedded={false} />
      </div>
    </div>
  )
}

/** The whole modal for one host element. */
export function ModalRoot({ foyer, embedded }: { foyer: Foyer; embedded: boolean }): JSX.Element {
  const { kernel } = foyer
  const open = useSelect(kernel, (s) => s.modal.open)
  const theme = useSelect(kernel, (s) => s.theme)
  const shake = useSelect(kernel, (s) => s.modal.shake)
  return (
    <div
      className={`fy-root${embedded ? ' fy-embedded' : ''}`}
      data-theme={theme.mode}
      style={themeStyle(theme)}
      data-testid="foyer-root"
    >
      <LiveStatus kernel={kernel} />
      {!open ? null : embedded ? (
        <section
          className={`fy-card fy-card-inline${shake ? ' fy-shake' : ''}`}
          aria-labelledby="fy-title"
          data-testid="foyer-modal"
        >
          <CardBody kernel={kernel} embedded />
        </section>
      ) : (
        <Dialog kernel={kernel} />
      )}
    </div>
  )
}
