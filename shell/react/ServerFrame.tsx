// Server rendering of a shadow root: a declarative one (<template shadowrootmode>), styled by one <style> carrying the
// host's CSP nonce. Inline styles would be `style` attributes in the HTML, which a strict CSP refuses, so on a server
// they become rules of that sheet instead.
import { createContext, useContext, useId, type CSSProperties, type JSX, type ReactNode } from 'react'

const StyleSink = createContext<string[] | null>(null)

/** Writes `children` into a declarative shadow root styled by `css` (and the inline styles inside), nonce'd. */
export function ServerFrame({
  css,
  nonce,
  children,
}: {
  css: string
  nonce?: string
  children: ReactNode
}): JSX.Element {
  const rules: string[] = []
  return (
    <span data-foyer-button="">
      {/* React knows no `shadowRootMode` prop; the lower-case attribute goes through as written. */}
      <template {...{ shadowrootmode: 'open' }}>
        <StyleSink.Provider value={rules}>{children}</StyleSink.Provider>
        {/* Rendered after the children (in order, on the server), so their rules are collected by now. */}
        <Sheet css={css} rules={rules} nonce={nonce} />
      </template>
    </span>
  )
}

const Sheet = ({ css, rules, nonce }: { css: string; rules: string[]; nonce?: string }) => (
  <style nonce={nonce}>{css + rules.join('')}</style>
)

/** Props that apply `style`: the prop itself in a browser, a data attribute matched by the server sheet on a server. */
export function useInlineStyle(style: CSSProperties): { style?: CSSProperties; 'data-fys'?: string } {
  const sink = useContext(StyleSink)
  const id = useId()
  if (!sink) return { style }
  const declarations = cssDeclarations(style)
  if (!declarations) return {}
  sink.push(`[data-fys="${id.replace(/["\\]/g, '')}"]{${declarations}}`)
  return { 'data-fys': id.replace(/["\\]/g, '') }
}

/** A style object as CSS declarations; a property or value that could leave its rule (or the sheet) is dropped. */
export function cssDeclarations(style: CSSProperties): string {
  return Object.entries(style)
    .filter(([k, v]) => /^-?-?[a-zA-Z][\w-]*$/.test(k) && (typeof v === 'string' || typeof v === 'number'))
    .map(([k, v]) => [k.startsWith('--') ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), String(v)])
    .filter(([, v]) => !/[<>{};\\]/.test(v))
    .map(([k, v]) => `${k}:${v}`)
    .join(';')
}
