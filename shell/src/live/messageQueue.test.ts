import { createMessageQueue, sliceMessage } from './messageQueue';

const fixes = (count: number, from = 0) => Array.from({ length: count }, (_, index) => ({ id: from + index }));

describe('socket message queue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('leaves a small message whole, and splits a large one keeping its other keys in the first part', () => {
    expect(sliceMessage({ positions: fixes(3) }, 3)).toEqual([{ positions: fixes(3) }]);
    expect(sliceMessage('not a message', 3)).toEqual(['not a message']);
    expect(sliceMessage({ positions: fixes(7), events: [{ id: 1 }] }, 3)).toEqual([
      { events: [{ id: 1 }], positions: fixes(3) },
      { positions: fixes(3, 3) },
      { positions: fixes(1, 6) },
    ]);
  });

  it('applies a small message at once', () => {
    const applied: unknown[] = [];
    createMessageQueue((message) => applied.push(message), 3).push({ devices: [{ id: 1 }] });
    expect(applied).toEqual([{ devices: [{ id: 1 }] }]);
  });

  it('applies a large message a slice per task, and later messages only after it, in order', () => {
    const applied: unknown[] = [];
    const queue = createMessageQueue((message) => applied.push(message), 3);
    queue.push({ positions: fixes(7) });
    queue.push({ devices: [{ id: 9 }] });
    expect(applied).toEqual([{ positions: fixes(3) }]);
    jest.advanceTimersToNextTimer();
    expect(applied).toHaveLength(2);
    jest.runAllTimers();
    expect(applied).toEqual([{ positions: fixes(3) }, { positions: fixes(3, 3) }, { positions: fixes(1, 6) }, { devices: [{ id: 9 }] }]);
  });

  it('forgets what waits when cleared', () => {
    const applied: unknown[] = [];
    const queue = createMessageQueue((message) => applied.push(message), 3);
    queue.push({ positions: fixes(7) });
    queue.clear();
    jest.runAllTimers();
    expect(applied).toEqual([{ positions: fixes(3) }]);
  });
});
