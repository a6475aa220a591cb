import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * The site's origin, for absolute links such as the share buttons'. Rendering on the server (and
 * hydrating that markup) it is empty, so such links start relative; the browser's origin follows.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  )
}
