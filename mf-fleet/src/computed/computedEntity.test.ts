import { deviceLinkChanges } from '../links/LinkedDevices';
import { computedEntity } from './computedEntity';

describe('computed attribute description', () => {
  it('requires description, attribute and expression (SPEC §5) and sends them trimmed, creating with id 0', () => {
    const result = computedEntity.formSchema.safeParse(computedEntity.toFormValues(null));
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['description', 'attribute', 'expression']);
    const values = { description: ' Velocidade km/h ', attribute: 'speedKmh', expression: ' speed * 1.852 ', type: 'number' as const, deviceIds: ['3'], linkedDeviceIds: [] };
    expect(computedEntity.toPayload(values, null)).toEqual({ id: 0, description: 'Velocidade km/h', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' });
  });

  it('links the devices newly chosen and unlinks those cleared, nothing else', () => {
    expect(deviceLinkChanges({ deviceIds: ['4', '2', '9'], linkedDeviceIds: ['2', '7'] })).toEqual({ added: [4, 9], removed: [7] });
    expect(deviceLinkChanges({ deviceIds: ['2'], linkedDeviceIds: ['2'] })).toEqual({ added: [], removed: [] });
    expect(computedEntity.toFormValues(null)).toMatchObject({ deviceIds: [], linkedDeviceIds: [] });
  });

  it('reads an unknown output type as text', () => {
    expect(computedEntity.toFormValues({ id: 2, description: 'x', attribute: 'x', expression: 'x', type: 'weird' }).type).toBe('string');
  });
});
