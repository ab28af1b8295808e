/**
 * Calls back in a browser task of its own once the frame being prepared has been shown: two
 * animation frames (the second starts after the first was handed to the screen), then a task.
 * Work put off this way never delays the first screen's paint on a slow phone (Lighthouse counts
 * every task that starts before the largest paint towards it, docs/performance.md). A hidden tab
 * draws no frames, so there the call waits for the tab to show, like any drawing. Returns a
 * function that cancels the call.
 */
export function afterNextPaint(callback: () => void): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      frame = 0;
      timer = setTimeout(callback, 0);
    });
  });
  return () => {
    if (frame) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
