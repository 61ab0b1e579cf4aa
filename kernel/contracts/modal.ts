// Modal flags (SPEC §4): open, loading, the 500 ms shake; plus embedded mode and the namespace filter.
import { FoyerError } from '../errors.js'
import { definePlugin, type HandlerContext } from '../plugin.js'

/** The `modal` slice. */
export interface ModalState {
  open: boolean
  loading: boolean
  shake: boolean
  embedded: boolean
  namespace?: string
}

declare module '../types.js' {
  interface KernelState {
    modal: ModalState
  }
  interface EventMap {
    'modal/closeRefused': { view: string }
    'modal/loadingStarted': Record<string, never>
    'modal/loadingFinished': Record<string, never>
    'modal/shakeStarted': Record<string, never>
    'modal/shakeEnded': Record<string, never>
    'modal/embeddedModeChanged': { embedded: boolean }
  }
}

/** SPEC §8 "Modal closed": the visitor closed the modal while a connection or a login was under way. */
export const modalClosedError = (): FoyerError => FoyerError.of('modalClosed', { category: 'USER_REJECTED' })

/** A connection a host waited for (`foyer.connect()`). */
export interface ConnectedAccount {
  namespace: string
  caipAddress: string
  connectorId: string
}

/**
 * The next connection, or SPEC §8 "Modal closed" when the modal closes before one is made (`on`: the kernel's).
 * Subscribe before opening the modal: a connection made on the way counts.
 */
export function nextConnection(on: HandlerContext['on']): Promise<ConnectedAccount> {
  return new Promise((resolve, reject) => {
    const offs = [
      on('wallet/connected', (e) => {
        for (const off of offs) off()
        resolve({
          namespace: e.payload.namespace,
          caipAddress: e.payload.caipAddress,
          connectorId: e.payload.connectorId,
        })
      }),
      on('modal/closed', () => {
        for (const off of offs) off()
        reject(modalClosedError())
      }),
    ]
  })
}

/** How long the shake lasts (SPEC §9). */
export const ShakeMs = 500

/** The kernel-owned `modal` slice. */
export function modalPlugin(embedded: boolean) {
  return definePlugin({
    id: 'modal',
    state: {
      init: (): ModalState => ({ open: embedded, loading: false, shake: false, embedded }),
      on: {
        'modal/opened': (s, p) => {
          s.open = true
          if (p.namespace) s.namespace = p.namespace
          else delete s.namespace
        },
        // Embedded mode renders inline, so "closing" only resets the view.
        'modal/closed': (s) => {
          s.open = s.embedded
          s.loading = false
          delete s.namespace
        },
        'modal/loadingStarted': (s) => {
          s.loading = true
        },
        'modal/loadingFinished': (s) => {
          s.loading = false
        },
        'modal/shakeStarted': (s) => {
          s.shake = true
        },
        'modal/shakeEnded': (s) => {
          s.shake = false
        },
        'modal/embeddedModeChanged': (s, p) => {
          s.embedded = p.embedded
          if (p.embedded) s.open = true
        },
      },
    },
  })
}
