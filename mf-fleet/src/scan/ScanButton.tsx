import { Button, Stack } from '@rastro/shared';
import { Camera, CameraOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { Notice } from '../entity/Notice';
import { scanEnUS } from './locales/en-US';
import { scanEs } from './locales/es';
import { scanPtBR } from './locales/pt-BR';

registerEntityCatalogs('scan', { 'pt-BR': scanPtBR, es: scanEs, 'en-US': scanEnUS });

const CodeScanner = lazy(() => import('./CodeScanner'));

/** A "scan with the camera" button that opens the scanner below it; the decoder is fetched at the first click. */
export function ScanButton({ onCode, label }: { onCode(text: string): void; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap="2" align="flex-start">
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setFailed(false);
          setOpen((value) => !value);
        }}
        data-testid="scan-toggle"
      >
        {open ? <CameraOff aria-hidden /> : <Camera aria-hidden />}
        {open ? t('fleet.scan.stop') : label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CodeScanner
            label={label}
            onCode={(text) => {
              setOpen(false);
              onCode(text);
            }}
            onError={() => {
              setOpen(false);
              setFailed(true);
            }}
          />
        </Suspense>
      )}
      {failed && <Notice notice={{ kind: 'error', text: t('fleet.scan.cameraFailed') }} />}
    </Stack>
  );
}
