import { createBus } from './events';

describe('the event bus', () => {
  it('delivers typed events to every listener', () => {
    const bus = createBus();
    const selected: Array<number | null> = [];
    bus.on('device:selected', (id) => selected.push(id));
    bus.emit('device:selected', 7);
    bus.emit('device:selected', null);
    expect(selected).toEqual([7, null]);
  });
});
