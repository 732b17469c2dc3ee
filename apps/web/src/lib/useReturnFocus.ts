import { useState } from 'react'

/**
 * Radix returns focus to a dialog's `Dialog.Trigger`; our dialogs are opened by state, from a button that is no
 * trigger. This remembers what had focus when the dialog opened and gives it back on close (pass the result as
 * `onCloseAutoFocus`), so a keyboard user lands where they were, not on the page's body.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement))
  return (event) => {
    // The opener may no longer take focus: the Swap button disarmed once the swap was sent, a History row left
    // behind. Then the page's own first field (`data-return-focus`), never the body or a disabled button.
    const usable = (element: Element | null): element is HTMLElement =>
      element instanceof HTMLElement &&
      element.isConnected &&
      element !== document.body &&
      !element.matches(':disabled')
    const target = usable(opener) ? opener : document.querySelector(`[${RETURN_FOCUS_ATTRIBUTE}]`)
    if (usable(target)) {
      event.preventDefault()
      target.focus()
    }
  }
}

/** Marks the field a dialog gives focus to when what opened it cannot take it back (see `useReturnFocus`). */
export const RETURN_FOCUS_ATTRIBUTE = 'data-return-focus'
