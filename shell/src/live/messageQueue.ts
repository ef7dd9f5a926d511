/**
 * Fixes validated and applied in one task. A large fleet's simulator tick or a busy Traccar sends
 * thousands of positions in one socket message; checking and applying them at once held the main
 * thread for 50–90 ms at 10,000 devices, so a large message is applied a slice per task.
 */
export const POSITIONS_PER_TASK = 1_000;

export interface MessageQueue {
  /** A parsed socket message: applied now when nothing waits, else after what does, in order. */
  push(message: unknown): void;
  /** Forgets what has not been applied yet (the socket was stopped). */
  clear(): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message as parts of at most POSITIONS_PER_TASK positions; the first part keeps the other keys. */
export function sliceMessage(message: unknown, perTask = POSITIONS_PER_TASK): unknown[] {
  if (!isRecord(message) || !Array.isArray(message.positions) || message.positions.length <= perTask) return [message];
  const { positions, ...rest } = message;
  const slices: unknown[] = [];
  for (let start = 0; start < positions.length; start += perTask) {
    const part = positions.slice(start, start + perTask);
    slices.push(start === 0 ? { ...rest, positions: part } : { positions: part });
  }
  return slices;
}

/** Applies socket messages in arrival order, a large one a slice per task so the page keeps drawing between them. */
export function createMessageQueue(apply: (message: unknown) => void, perTask = POSITIONS_PER_TASK): MessageQueue {
  const waiting: unknown[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const applyNext = () => {
    timer = undefined;
    if (waiting.length) apply(waiting.shift());
    if (waiting.length) timer = setTimeout(applyNext, 0);
  };

  return {
    push(message) {
      const slices = sliceMessage(message, perTask);
      if (!waiting.length) apply(slices.shift());
      waiting.push(...slices);
      if (waiting.length) timer ??= setTimeout(applyNext, 0);
    },
    clear() {
      waiting.length = 0;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
