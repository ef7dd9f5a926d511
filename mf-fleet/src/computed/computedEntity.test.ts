import { computedEntity } from './computedEntity';

describe('computed attribute description', () => {
  it('requires description, attribute and expression (SPEC §5) and sends them trimmed, creating with id 0', () => {
    const result = computedEntity.formSchema.safeParse(computedEntity.toFormValues(null));
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['description', 'attribute', 'expression']);
    const values = { description: ' Velocidade km/h ', attribute: 'speedKmh', expression: ' speed * 1.852 ', type: 'number' as const };
    expect(computedEntity.toPayload(values, null)).toEqual({ id: 0, description: 'Velocidade km/h', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' });
  });

  it('reads an unknown output type as text', () => {
    expect(computedEntity.toFormValues({ id: 2, description: 'x', attribute: 'x', expression: 'x', type: 'weird' }).type).toBe('string');
  });
});
