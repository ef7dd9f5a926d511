import { maintenanceSchema } from '@rastro/shared';
import type { Maintenance, Position } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { trackingHttp } from '../api/clients';
import { DetailTable } from '../devices/detail/DetailTable';
import { registerMaintenanceCatalogs } from './maintenanceCatalogs';
import { formatMaintenanceValue } from './maintenanceEntity';
import { nextDue } from './maintenanceUnits';

registerMaintenanceCatalogs();

/** The device detail's maintenance block: each item linked to the device, and when its next service falls. */
export function MaintenanceDue({ deviceId, position }: { deviceId: number; position: Position | undefined }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Maintenance[]>([]);
  useEffect(() => {
    let current = true;
    trackingHttp.json('/maintenance', { query: { deviceId } }).then(
      (answer) => current && setItems(z.array(maintenanceSchema).parse(answer)),
      (error: unknown) => console.error('[rastro] the maintenance of the device could not be loaded', error),
    );
    return () => void (current = false);
  }, [deviceId]);

  const rows = items.map((item): readonly [string, string] => {
    const reading = Number(position?.attributes[item.type]);
    const format = (value: number) => formatMaintenanceValue(item.type, value);
    if (!Number.isFinite(reading) || position?.attributes[item.type] === undefined) return [item.name, t('fleet.maintenance.noReading', { next: format(item.start) })];
    const due = nextDue(item, reading);
    return [item.name, due.remaining <= 0 ? t('fleet.maintenance.overdue', { next: format(due.next) }) : t('fleet.maintenance.dueAt', { next: format(due.next), remaining: format(due.remaining) })];
  });
  return <DetailTable title={t('fleet.maintenance.due')} rows={rows} testId="device-detail-maintenance" />;
}
