import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPaint } from './afterPaint.ts'

/** A browser's frames, run by the test: `paint()` runs the animation frame callbacks asked for so far. */
function stubFrames() {
  let frames: FrameRequestCallback[] = []
  const page = { hidden: false }
  vi.stubGlobal('document', page)
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {}
  })
  return {
    page,
    paint() {
      const now = frames
      frames = []
      for (const callback of now) callback(0)
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('afterPaint', () => {
  it('runs the task once, after the next frame is painted, however often it is asked for before', async () => {
    vi.useFakeTimers()
    const frames = stubFrames()
    const task = vi.fn()
    const later = afterPaint(task)
    later.run()
    later.run()
    await vi.runAllTimersAsync()
    expect(task).not.toHaveBeenCalled() // no frame yet
    frames.paint()
    later.run() // painted, the task not run yet: still the same one
    expect(task).not.toHaveBeenCalled()
    await vi.runAllTimersAsync()
    expect(task).toHaveBeenCalledTimes(1)
    later.run()
    frames.paint()
    await vi.runAllTimersAsync()
    expect(task).toHaveBeenCalledTimes(2)
  })

  it('runs nothing once cancelled, before or after the frame', async () => {
    vi.useFakeTimers()
    const frames = stubFrames()
    const task = vi.fn()
    const later = afterPaint(task)
    later.run()
    later.cancel()
    frames.paint()
    later.run()
    frames.paint()
    later.cancel()
    await vi.runAllTimersAsync()
    expect(task).not.toHaveBeenCalled()
  })

  it('runs at once in a hidden tab, where no frame comes, and drops one it was waiting for', async () => {
    vi.useFakeTimers()
    const task = vi.fn()
    const frames = stubFrames()
    const later = afterPaint(task)
    later.run() // visible: waits for a frame
    frames.page.hidden = true
    later.run()
    expect(task).toHaveBeenCalledTimes(1)
    frames.paint()
    await vi.runAllTimersAsync()
    expect(task).toHaveBeenCalledTimes(1)
  })
})
