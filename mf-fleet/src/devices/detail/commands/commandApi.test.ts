import type { HttpClient } from '@rastro/shared';
import { lockCommand, sendCommand } from './commandApi';

const httpAnswering = (status: number) => ({ request: async () => ({ status }) as Response }) as unknown as HttpClient;

describe('commands', () => {
  it('reports 202 as queued and 200 as sent', async () => {
    expect(await sendCommand(httpAnswering(202), { deviceId: 1, type: 'engineStop', attributes: {} })).toBe('queued');
    expect(await sendCommand(httpAnswering(200), { deviceId: 1, type: 'engineStop', attributes: {} })).toBe('sent');
  });

  it('locks with the saved command when the device has one', () => {
    const saved = [{ id: 5, description: 'Corte', type: 'engineStop', attributes: {} }];
    expect(lockCommand(saved, 3, 'engineStop')).toMatchObject({ id: 5, deviceId: 3, type: 'engineStop' });
    expect(lockCommand(saved, 3, 'engineResume')).toEqual({ deviceId: 3, type: 'engineResume', attributes: {} });
  });
});
