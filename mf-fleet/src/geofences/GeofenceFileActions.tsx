import { Button, errorMessage } from '@rastro/shared';
import type { Geofence } from '@rastro/shared';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityApi } from '../entity/entityApi';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { geofencesFromFile, geofencesToGeoJson, IMPORT_ACCEPT } from './geofenceFiles';
import { isAnchorGeofence } from '../api/fleetData';

interface GeofenceFileActionsProps {
  geofences: readonly Geofence[];
  canImport: boolean;
  api: Pick<EntityApi<Geofence>, 'save'>;
  onImported(): void;
}

/** Import GPX, KML or GeoJSON as new geofences; export the user's geofences (anchors are their devices') as GeoJSON. */
export function GeofenceFileActions({ geofences, canImport, api, onImported }: GeofenceFileActionsProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const importFile = async (file: File) => {
    setNotice(null);
    let shapes;
    try {
      shapes = geofencesFromFile(await file.text(), file.name);
    } catch {
      return setNotice({ kind: 'error', text: t('fleet.geofences.importUnreadable') });
    }
    if (shapes.length === 0) return setNotice({ kind: 'error', text: t('fleet.geofences.importEmpty') });
    setBusy(true);
    let created = 0;
    try {
      for (const shape of shapes) {
        await api.save({ ...shape, calendarId: 0 });
        created += 1;
      }
      setNotice({ kind: 'success', text: t('fleet.geofences.imported', { count: created }) });
    } catch (error) {
      setNotice({ kind: 'error', text: `${t('fleet.geofences.imported', { count: created })} ${errorMessage(error, 'fleet.geofences.saveError')}` });
    } finally {
      setBusy(false);
      if (created > 0) onImported();
    }
  };

  const exportAll = () => {
    const json = JSON.stringify(geofencesToGeoJson(geofences.filter((geofence) => !isAnchorGeofence(geofence))), null, 2);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([json], { type: 'application/geo+json' }));
    link.download = 'geofences.geojson';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <>
      {canImport && (
        <>
          <input
            ref={input}
            type="file"
            accept={IMPORT_ACCEPT}
            hidden
            aria-label={t('fleet.geofences.import')}
            data-testid="geofence-import-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()} data-testid="geofence-import">
            <Upload size={14} aria-hidden />
            {t('fleet.geofences.import')}
          </Button>
        </>
      )}
      <Button size="sm" variant="outline" disabled={geofences.length === 0} onClick={exportAll} data-testid="geofence-export">
        <Download size={14} aria-hidden />
        {t('fleet.geofences.export')}
      </Button>
      {notice && (
        <Notice notice={notice} />
      )}
    </>
  );
}
