/** Runs at most `max` tasks at once; the others wait in call order. */
export function limiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  // A queue read from `head`: Array#shift copies the whole array, and a crawl can queue thousands.
  let waiting: (() => void)[] = [];
  let head = 0;
  const release = (): void => {
    active -= 1;
    const next = waiting[head];
    if (next === undefined) return;
    head += 1;
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    }
    next();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
