import type { Page } from '@playwright/test'

/** The smallest target a finger hits reliably (WCAG 2.5.5, Apple's and Android's guides), in CSS pixels. */
export const TOUCH_TARGET = 44

/**
 * The interactive elements smaller than `min`×`min` CSS pixels in the dialog on top (the page when none is open),
 * each as "what (width×height)". A check box or radio is measured by its label, which takes the tap. The one
 * exception is WCAG's: a link inside a sentence (its paragraph says more than the link), which text flow sizes.
 */
export function smallTargets(page: Page, min = TOUCH_TARGET): Promise<string[]> {
  return page.evaluate((min) => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].filter(
      (dialog) => dialog.getClientRects().length > 0,
    )
    const root = dialogs.at(-1) ?? document.body
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="option"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',')
    const found: string[] = []
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      const input = element instanceof HTMLInputElement && /^(checkbox|radio)$/.test(element.type)
      const target = (input && element.closest('label')) || element
      const box = target.getBoundingClientRect()
      // Not drawn, or kept for screen readers only (1 px).
      if (box.width <= 1 || box.height <= 1) continue
      const parent = target.parentElement
      const own = (target.textContent ?? '').trim()
      const inSentence =
        (target.tagName === 'A' || target.classList.contains('link-button')) &&
        parent !== null &&
        /^(P|LI|DD|TD)$/.test(parent.tagName) &&
        (parent.textContent ?? '').trim().length > own.length + 8
      if (inSentence) continue
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue
      const name = (target.getAttribute('aria-label') ?? own).replace(/\s+/g, ' ').slice(0, 40)
      found.push(
        `${target.tagName.toLowerCase()}${target.className ? `.${String(target.className).split(' ')[0]}` : ''} "${name}" (${Math.round(box.width)}×${Math.round(box.height)})`,
      )
    }
    return found
  }, min)
}
