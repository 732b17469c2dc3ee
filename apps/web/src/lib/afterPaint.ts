/**
 * Runs `task` once after the next frame is painted, however often `run` is called before: work a change causes, but
 * that need not be on screen with it, comes just after (the router's render of the swap form's new address,
 * `useFormLink`, was about half of a keystroke's 10–13 ms to paint, issue #33). In a hidden tab, where no frame
 * comes, at once.
 */
export function afterPaint(task: () => void): { run: () => void; cancel: () => void } {
  let frame: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const cancel = () => {
    if (frame !== undefined) cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
    frame = timer = undefined
  }
  const run = () => {
    if (document.hidden) {
      cancel()
      task()
      return
    }
    if (frame !== undefined || timer !== undefined) return
    frame = requestAnimationFrame(() => {
      frame = undefined
      timer = setTimeout(() => {
        timer = undefined
        task()
      })
    })
  }
  return { run, cancel }
}
