import { useState } from 'react'

/**
 * Radix returns focus to a dialog's `Dialog.Trigger`; our dialogs are opened by state, from a button that is no
 * trigger. This remembers what had focus when the dialog opened and gives it back on close (pass the result as
 * `onCloseAutoFocus`), so a keyboard user lands where they were, not on the page's body.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement))
  return (event) => {
    if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
      event.preventDefault()
      opener.focus()
    }
  }
}
