import { Button, Image, Stack, Text } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelDialog } from '../../../entity/PanelDialog';

/** The driver check-in page a scan opens (SPEC §2 /qr-driver/scan/{id}). */
export function checkInUrl(deviceId: number, origin: string = window.location.origin): string {
  return `${origin}/qr-driver/scan/${deviceId}`;
}

/** The device's check-in QR code, printable on its own page (a sticker for the vehicle). */
export function QrCodeDialog({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    QRCode.toDataURL(checkInUrl(device.id), { width: 256, margin: 2 }).then(setImage, () => setImage(null));
  }, [device.id]);

  const print = () => {
    const page = window.open('', '_blank', 'noopener=no');
    if (!page || !image) return;
    const title = page.document.createElement('h1');
    title.textContent = device.name;
    const picture = page.document.createElement('img');
    picture.src = image;
    picture.onload = () => page.print();
    page.document.body.append(title, picture);
  };

  return (
    <PanelDialog
      title={t('fleet.qr.title')}
      onClose={onClose}
      testId="qr-dialog"
      footer={
        <Button colorPalette="blue" disabled={!image} onClick={print} data-testid="qr-print">
          {t('fleet.qr.print')}
        </Button>
      }
    >
      <Stack align="center" gap="2">
        {image && <Image src={image} alt={checkInUrl(device.id)} data-testid="qr-image" w="256px" h="256px" />}
        <Text fontSize="sm" textAlign="center">
          {t('fleet.qr.hint', { name: device.name })}
        </Text>
      </Stack>
    </PanelDialog>
  );
}
