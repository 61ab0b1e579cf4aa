// SPEC §8 "Modal closed" for work under way. Its own module so the first-paint chunk (which needs modal.ts) does not
// carry it: only plugins' connect and login handlers, which load later, use it.
import type { HandlerContext } from '../plugin.js'
import { modalClosedError } from './modal.js'

/**
 * `work`, unless the modal closes first (SPEC §8): then it rejects with "Modal closed", and `late` receives what `work`
 * brings afterwards (to undo a login or a connection nobody waits for any more). With the modal shut, `work` as is.
 */
export function unlessModalCloses<T>(
  ctx: Pick<HandlerContext, 'on' | 'getState'>,
  work: Promise<T>,
  late?: (value: T) => unknown,
): Promise<T> {
  if (!ctx.getState().modal.open) return work
  let closed = false
  return new Promise<T>((resolve, reject) => {
    const off = ctx.on('modal/closed', () => {
      closed = true
      off()
      reject(modalClosedError())
    })
    work.then(
      (value) => {
        off()
        if (!closed) resolve(value)
        else void Promise.resolve(late?.(value)).catch(() => undefined)
      },
      (error: unknown) => {
        off()
        reject(error)
      },
    )
  })
}
