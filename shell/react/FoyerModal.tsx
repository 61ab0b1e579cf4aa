// <FoyerModal/> for hosts that set `disableAppend`: the modal lives where the host renders this element.
import { useEffect, useRef, type JSX } from 'react'
import { useFoyer } from './context.js'

/** Renders the modal in place (shadow root on a div); its code still loads only when it first opens. */
export function FoyerModal(): JSX.Element | null {
  const foyer = useFoyer()
  const host = useRef<HTMLDivElement>(null)
  // Without disableAppend the instance already owns a modal element; a second one would show two dialogs.
  const owned = !foyer.options.disableAppend || !!foyer.options.embedded
  useEffect(() => {
    if (owned) {
      console.warn('[foyer] <FoyerModal/> renders nothing unless createFoyer was given `disableAppend: true`.')
      return
    }
    return foyer.attach(host.current!)
  }, [foyer, owned])
  return owned ? null : <div ref={host} data-foyer-modal="" />
}
