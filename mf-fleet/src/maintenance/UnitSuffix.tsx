import { Text } from '@rastro/shared';
import { useFormContext } from 'react-hook-form';
import type { DistanceUnit } from './maintenanceUnits';
import { unitOf } from './maintenanceUnits';

/** The unit a start or cycle is typed in, following the type chosen in the same form. */
export function UnitSuffix({ unit }: { unit: DistanceUnit }) {
  const type = useFormContext<{ type: string }>().watch('type');
  return (
    <Text fontSize="sm" color="fg.muted" minW="8" data-testid="maintenance-unit">
      {unitOf(type, unit)}
    </Text>
  );
}
