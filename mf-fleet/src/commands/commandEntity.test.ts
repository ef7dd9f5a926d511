import type { SavedCommand } from '@rastro/shared';
import { commandEntity } from './commandEntity';

const errorsOf = (values: object) => {
  const result = commandEntity.formSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('saved command description', () => {
  it('sends the attributes of the chosen type only, numbers as numbers, and creates with id 0', () => {
    const values = { ...commandEntity.toFormValues(null), description: ' Saída 2 ', type: 'outputControl', deviceId: '7', attribute_index: '2', attribute_data: '1', attribute_message: 'left over' };
    expect(commandEntity.toPayload(values, null)).toEqual({ id: 0, description: 'Saída 2', type: 'outputControl', textChannel: false, deviceId: 7, attributes: { index: 2, data: '1' } });
  });

  it('reads a stored command back into the form and updates it by its id', () => {
    const stored: SavedCommand = { id: 4, description: 'Texto', type: 'custom', textChannel: true, deviceId: 0, attributes: { data: 'AT#RESET' } };
    const values = commandEntity.toFormValues(stored);
    expect(values).toMatchObject({ description: 'Texto', type: 'custom', textChannel: true, deviceId: '0', attribute_data: 'AT#RESET' });
    expect(commandEntity.toPayload(values, stored)).toMatchObject({ id: 4, attributes: { data: 'AT#RESET' } });
  });

  it("requires a description and each of the type's attributes, the output index a number", () => {
    expect(errorsOf({ ...commandEntity.toFormValues(null), type: 'outputControl', attribute_index: 'x' })).toEqual({
      description: 'fleet.common.required',
      attribute_index: 'fleet.common.invalidNumber',
      attribute_data: 'fleet.common.required',
    });
    expect(errorsOf({ ...commandEntity.toFormValues(null), description: 'Parar', type: 'engineStop' })).toEqual({});
  });
});
