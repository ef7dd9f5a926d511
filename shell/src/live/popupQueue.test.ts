import { addPopups, cornerView, POPUP_CAP_PER_CORNER } from './popupQueue';
import type { QueuedPopup } from './popupQueue';

let arrivals = 0;
function popup(overrides: Partial<QueuedPopup> = {}): QueuedPopup {
  arrivals += 1;
  return { key: `k${arrivals}`, groupKey: `device-${arrivals}|alarm|sos`, title: 'Caminhão', message: 'SOS', count: 1, colour: null, position: 'bottom-right', soundUrl: null, durationMs: 7_000, ...overrides };
}

describe('the pop-up queue of a busy fleet', () => {
  it("collapses one device's events of one kind into one pop-up that counts them and shows the newest message", () => {
    const first = popup({ groupKey: '7|deviceOverspeed|', message: '80 km/h' });
    const { popups } = addPopups([first], [popup({ groupKey: '7|deviceOverspeed|', message: '95 km/h' })]);
    expect(popups).toHaveLength(1);
    expect(popups[0]).toMatchObject({ count: 2, message: '95 km/h' });
  });

  it('says which pop-ups a collapse replaced, so their timers stop and the new one runs its full 7 s', () => {
    const first = popup({ groupKey: 'g' });
    const second = popup({ groupKey: 'g' });
    const arrival = addPopups([first], [second]);
    expect(arrival.replacedKeys).toEqual([first.key]);
    expect(arrival.popups[0]?.key).toBe(second.key);
  });

  it('collapses a burst that arrives in one message, and keeps a pinned pop-up pinned', () => {
    const pinned = popup({ groupKey: 'g', durationMs: null });
    const { popups, replacedKeys } = addPopups([pinned], [popup({ groupKey: 'g' }), popup({ groupKey: 'g' }), popup({ groupKey: 'other' })]);
    expect(popups.map((entry) => [entry.groupKey, entry.count, entry.durationMs])).toEqual([
      ['g', 3, null],
      ['other', 1, 7_000],
    ]);
    expect(replacedKeys).toEqual([pinned.key]);
  });

  it(`draws at most ${POPUP_CAP_PER_CORNER} per corner, the pinned and the newest, and counts the rest`, () => {
    const pinned = popup({ durationMs: null, message: 'pinned' });
    const many = Array.from({ length: 10 }, (_, index) => popup({ message: `m${index}`, count: index === 0 ? 5 : 1 }));
    const view = cornerView([pinned, ...many], 'bottom-right');
    expect(view.shown.map((entry) => entry.message)).toEqual(['pinned', 'm8', 'm9']);
    // m0…m7 are hidden: m0 stood for 5 arrivals.
    expect(view.hiddenCount).toBe(5 + 7);
  });

  it('keeps corners apart', () => {
    const view = cornerView([popup({ position: 'top-left' }), popup()], 'top-left');
    expect(view.shown).toHaveLength(1);
    expect(view.hiddenCount).toBe(0);
  });
});
