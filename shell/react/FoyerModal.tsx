// <FoyerModal/> for hosts that set `disableAppend`: the modal lives where the host renders this element.
import { useEffect, useRef, type JSX } from 'react'
import { useFoyer } from './context.js'

/** Renders the modal in place (shadow root on a div); its code still loads only when it first opens. */
export function FoyerModal(): JSX.Element {
  const foyer = useFoyer()
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => foyer.attach(host.current!), [foyer])
  return <div ref={host} data-foyer-modal="" />
}
