/**
 * The yardstick for painting and typing (issue #18): a bare React page, built with the same Vite and served the
 * same way as the app, whose whole content is a labelled amount input. "Form painted" is its label's element
 * timing, as for the app's swap form; "form usable" is the first keystroke in its input painted.
 */
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

function Page() {
  const [amount, setAmount] = useState('')
  // Marked like the app's form (bench/browser.ts waits for it), once the input is on screen and takes input.
  useEffect(() => {
    performance.mark('swap-form-interactive')
  }, [])
  return (
    <main>
      {/* A block, as the app's label is: Element Timing reports text for its nearest block ancestor. */}
      <label htmlFor="amount" style={{ display: 'block' }} {...{ elementtiming: 'swap-form' }}>
        Send
      </label>
      <input id="amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Page />
  </StrictMode>,
)
