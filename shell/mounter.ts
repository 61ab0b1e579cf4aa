// Where the modal lives: host elements register here; the lazy modal chunk is imported only once the modal first
// opens (or at once in embedded mode, which is always open), then rendered into each host's shadow root.
import { effect } from '@preact/signals-core'
import type { Kernel } from '../kernel/index.js'

/** What the lazy chunk's `mountModal` needs; kept structural so this file doesn't import the chunk's types eagerly. */
export interface MountTarget {
  element: HTMLElement
  embedded: boolean
}

type MountFn = (target: MountTarget) => () => void

/** Tracks host elements and mounts the modal into them on demand. */
export interface Mounter {
  /** Registers a host element; returns a function that unmounts and forgets it. */
  attach(element: HTMLElement, embedded?: boolean): () => void
  /** Resolves once every registered host that should show the modal has it mounted. */
  ready(): Promise<void>
  dispose(): void
}

/** Creates a {@link Mounter}; `load` imports the modal chunk and returns its mount function. */
export function createMounter(kernel: Kernel, load: () => Promise<MountFn>): Mounter {
  const hosts = new Map<HTMLElement, { embedded: boolean; unmount?: () => void; pending?: Promise<void> }>()
  let wanted = false

  const mountAll = () => {
    for (const [element, host] of hosts) {
      if (host.pending) continue
      host.pending = load()
        .then((mount) => {
          if (hosts.get(element) === host) host.unmount = mount({ element, embedded: host.embedded })
        })
        .catch((error) => {
          host.pending = undefined
          kernel.reportError(error)
        })
    }
  }

  const open = kernel.select((s) => s.modal.open)
  const stop = effect(() => {
    if (!open.value) return
    wanted = true
    mountAll()
  })

  return {
    attach(element, embedded = false) {
      const host: { embedded: boolean; unmount?: () => void; pending?: Promise<void> } = { embedded }
      hosts.set(element, host)
      if (wanted || embedded) mountAll()
      return () => {
        if (hosts.get(element) !== host) return
        hosts.delete(element)
        host.unmount?.()
      }
    },
    async ready() {
      await Promise.all([...hosts.values()].map((h) => h.pending))
    },
    dispose() {
      stop()
      for (const h of hosts.values()) h.unmount?.()
      hosts.clear()
    },
  }
}
