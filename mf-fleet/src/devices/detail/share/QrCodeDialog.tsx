import { Button, Image, Stack, Text } from '@rastro/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelDialog } from '../../../entity/PanelDialog';

/** The driver check-in page a scan opens (SPEC §2 /qr-driver/scan/{id}). */
export function checkInUrl(deviceId: number, origin: string = window.location.origin): string {
  return `${origin}/qr-driver/scan/${deviceId}`;
}

export interface QrCodeDialogProps {
  /** What the code opens. */
  url: string;
  /** Printed above the code (the device's or the driver's name). */
  name: string;
  title: string;
  hint: string;
  onClose(): void;
}

/** A check-in QR code (a device's sticker, a driver's card), printable on its own page. */
export function QrCodeDialog({ url, name, title, hint, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    QRCode.toDataURL(url, { width: 256, margin: 2 }).then(setImage, () => setImage(null));
  }, [url]);

  const print = () => {
    const page = window.open('', '_blank', 'noopener=no');
    if (!page || !image) return;
    const heading = page.document.createElement('h1');
    heading.textContent = name;
    const picture = page.document.createElement('img');
    picture.src = image;
    picture.onload = () => page.print();
    page.document.body.append(heading, picture);
  };

  return (
    <PanelDialog
      title={title}
      onClose={onClose}
      testId="qr-dialog"
      footer={
        <Button colorPalette="blue" disabled={!image} onClick={print} data-testid="qr-print">
          {t('fleet.qr.print')}
        </Button>
      }
    >
      <Stack align="center" gap="2">
        {image && <Image src={image} alt={url} data-testid="qr-image" w="256px" h="256px" />}
        <Text fontSize="sm" textAlign="center">
          {hint}
        </Text>
      </Stack>
    </PanelDialog>
  );
}
