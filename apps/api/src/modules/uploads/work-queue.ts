import { AppError } from '../../lib/app-error.ts';

export interface WorkQueue {
  /** Runs fn when a slot is free; refuses at once (429) when too many jobs already wait. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * A small first-in first-out queue with limited concurrency. Image work goes through it so that a
 * burst of uploads cannot take every core (and every libuv thread) from the other calls.
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number }): WorkQueue {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const waiting: Array<() => void> = [];
  let running = 0;

  function next(): void {
    if (running >= concurrency) return;
    const start = waiting.shift();
    if (start) start();
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    run<T>(fn: () => Promise<T>): Promise<T> {
      if (running >= concurrency && waiting.length >= options.maxWaiting) {
        return Promise.reject(new AppError('rate_limited', 'Too many photos are being processed. Please try again in a moment.', { retry_after: 5 }));
      }
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1;
          fn()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              next();
            });
        };
        waiting.push(start);
        next();
      });
    },
  };
}
