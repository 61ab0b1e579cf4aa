// Focus helpers for a dialog inside a shadow root: what can take focus, who had it before, and Tab cycling.

const Focusable =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** The focusable elements inside `container`, in DOM order. */
export function focusables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(Focusable)].filter(
    // tabindex="-1" leaves Tab order (a roving list's other rows): the trap's ends are what Tab really reaches.
    (el) => !el.hidden && el.tabIndex >= 0 && !el.closest('[inert],[aria-hidden="true"]'),
  )
}

/** The focused element, looking through open shadow roots (the connect button sits in one). */
export function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** Keeps Tab and Shift+Tab cycling inside `container`; call from its keydown handler. */
export function trapTab(e: { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement): void {
  if (e.key !== 'Tab') return
  const items = focusables(container)
  const root = container.getRootNode() as Document | ShadowRoot
  const active = root.activeElement
  if (!items.length) {
    e.preventDefault()
    container.focus()
    return
  }
  const first = items[0]
  const last = items[items.length - 1]
  const outside = !active || !items.includes(active as HTMLElement)
  if (e.shiftKey && (active === first || outside)) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && (active === last || outside)) {
    e.preventDefault()
    first.focus()
  }
}

/** Focuses Foyer's account (or connect) button on the page, once it has rendered; used when the modal's opener left. */
export function focusFoyerButton(doc: Document): void {
  const find = () =>
    [...doc.querySelectorAll('[data-foyer-button]')]
      .map((host) =>
        host.shadowRoot?.querySelector<HTMLElement>('[data-testid="account-button"], [data-testid="connect-button"]'),
      )
      .find(Boolean)
  const tryFocus = (left: number) => {
    const button = find()
    if (button) button.focus({ preventScroll: true })
    // The host re-renders its button after the state change that closed the modal: a few frames at most.
    else if (left > 0) setTimeout(() => tryFocus(left - 1), 16)
  }
  tryFocus(30)
}
