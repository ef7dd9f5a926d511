import { Button, QR_ACCESS_ATTRIBUTE } from '@rastro/shared';
import type { Driver } from '@rastro/shared';
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCodeDialog } from '../devices/detail/share/QrCodeDialog';

/** The driver sign-in page (SPEC §2 /motorista), where a driver with QR access starts a check-in. */
export function driverLoginUrl(origin: string = window.location.origin): string {
  return `${origin}/motorista`;
}

/** A printable card for a saved driver with QR access: the code opens the driver sign-in. */
export function DriverQrCode({ entity }: { entity: Driver | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const access = entity?.attributes[QR_ACCESS_ATTRIBUTE] as { username?: unknown } | undefined;
  if (!entity || !access) return null;
  const username = typeof access.username === 'string' ? access.username : '';
  return (
    <>
      <Button alignSelf="flex-start" size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="driver-qr">
        <QrCode aria-hidden />
        {t('fleet.drivers.qrCode')}
      </Button>
      {open && <QrCodeDialog url={driverLoginUrl()} name={entity.name} title={t('fleet.drivers.qrCode')} hint={t('fleet.drivers.qrHint', { name: entity.name, username })} onClose={() => setOpen(false)} />}
    </>
  );
}
