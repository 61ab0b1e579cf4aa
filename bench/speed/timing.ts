// The timing script bench:speed installs in every page before it loads (a plain script string: a serialized function
// would carry tsx's helpers). Times are performance.now() values, so 0 is the start of navigation.
//   __speed.marks.button  first frame with the connect button (time to button)
//   __speed.down          the last pointerdown's event time (the click starts there)
//   __speed.watch(name, selector) records __speed.marks[name]: the first frame in which `selector` matches, looking
//   through open shadow roots (Foyer renders its buttons and modal in shadow roots).
// Each mark is also reported to the bench through the `__speedMarked(name)` binding (when the bench exposed one), so
// the bench never evaluates anything in a page before its mark: Playwright's first evaluation compiles its injected
// script in the page (~10 ms of main thread), which would otherwise land between a slower page's render and its
// first frame and delay exactly the figure being measured.
// tsx, which runs the bench, compiles with esbuild's keepNames: functions it serializes into the page (the test
// wallet's init script) call a `__name` helper the page lacks, so the script provides one.
export const TimingScript = `(() => {
  globalThis.__name ??= (fn) => fn
  const speed = (window.__speed = { marks: {}, down: undefined })
  const find = (root, selector) => {
    const hit = root.querySelector(selector)
    if (hit) return hit
    for (const el of root.querySelectorAll('*')) {
      if (!el.shadowRoot) continue
      const deep = find(el.shadowRoot, selector)
      if (deep) return deep
    }
    return null
  }
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 }
  speed.watch = (name, selector) => {
    delete speed.marks[name]
    const frame = () => {
      const el = document.documentElement && find(document, selector)
      if (el && visible(el)) {
        speed.marks[name] = performance.now()
        window.__speedMarked?.(name)
      }
      else requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  }
  addEventListener('pointerdown', (e) => { speed.down = e.timeStamp }, true)
  speed.watch('button', '[data-testid="connect-button"]')
})()`
