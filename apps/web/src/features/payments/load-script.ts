// Providers' browser scripts (Stripe.js, NetpayJS, Redsys's tokeniser, or the sandbox's stand-ins)
// are loaded on demand, once per page, when the customer chooses to pay: never while rendering.

const loading = new Map<string, Promise<void>>()

/** Adds `<script src>` once and waits for it to run; a failed load may be tried again. */
function loadScript(src: string): Promise<void> {
  let done = loading.get(src)
  if (!done) {
    const script = document.createElement('script')
    done = new Promise<void>((resolve, reject) => {
      script.src = src
      script.async = true
      script.addEventListener('load', () => resolve())
      script.addEventListener('error', () => reject(new Error(`${src} could not be loaded.`)))
      document.head.appendChild(script)
    })
    loading.set(src, done)
    // The customer's connection may come back: forget the failed load and its tag.
    done.catch(() => {
      loading.delete(src)
      script.remove()
    })
  }
  return done
}

/**
 * The global a provider's script defines (`window.NetPay`, `window.Stripe`…), loading the script
 * from `src` first when the global is not there yet. Touches the document: event handlers and
 * effects only.
 */
export async function loadScriptGlobal<T>(src: string, read: () => T | undefined): Promise<T> {
  const ready = read()
  if (ready) return ready
  await loadScript(src)
  const loaded = read()
  if (!loaded) throw new Error(`${src} did not start.`)
  return loaded
}
