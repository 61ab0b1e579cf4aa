// Custom elements for non-React hosts: <foyer-button>, <foyer-account-button>, <foyer-network-button>.
import type { ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { Foyer } from './createFoyer.js'
import { AccountButton, ConnectButton, NetworkButton } from './react/buttons.js'
import { buttonCss } from './react/buttons.css.js'
import { FoyerProvider, InShadowContext } from './react/context.js'
import { adoptStyles } from './styles.js'

/** The tags {@link defineFoyerElements} registers. */
export const FoyerElementTags = {
  button: 'foyer-button',
  account: 'foyer-account-button',
  network: 'foyer-network-button',
} as const

const elementFor = (foyer: Foyer, Button: ComponentType<{ label?: string }>) =>
  class extends HTMLElement {
    static observedAttributes = ['label']
    #root?: Root
    #container?: HTMLElement
    connectedCallback() {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
      adoptStyles(shadow, buttonCss, foyer.options.nonce)
      if (!this.#container) {
        this.#container = this.ownerDocument.createElement('span')
        shadow.appendChild(this.#container)
      }
      this.#root ??= createRoot(this.#container)
      this.#render()
    }
    attributeChangedCallback() {
      this.#render()
    }
    disconnectedCallback() {
      const root = this.#root
      this.#root = undefined
      // Unmounting synchronously inside another React commit warns; a microtask later is safe.
      queueMicrotask(() => root?.unmount())
    }
    #render() {
      const label = this.getAttribute('label') ?? undefined
      this.#root?.render(
        <FoyerProvider foyer={foyer}>
          <InShadowContext.Provider value={true}>
            <Button {...(label ? { label } : {})} />
          </InShadowContext.Provider>
        </FoyerProvider>,
      )
    }
  }

/** Registers Foyer's custom elements, bound to `foyer` (a tag already defined is left alone). */
export function defineFoyerElements(foyer: Foyer, registry: CustomElementRegistry = customElements): void {
  const define = (tag: string, Button: ComponentType<{ label?: string }>) => {
    if (!registry.get(tag)) registry.define(tag, elementFor(foyer, Button))
  }
  define(FoyerElementTags.button, ConnectButton)
  define(FoyerElementTags.account, AccountButton)
  define(FoyerElementTags.network, NetworkButton)
}
