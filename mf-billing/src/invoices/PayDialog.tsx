import { Button, CloseButton, Dialog, Image, Link, LoadState, Portal, Stack, Text, Textarea } from '@rastro/shared';
import type { Invoice, PaymentCodes } from '@rastro/shared/contract';
import { ExternalLink } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../common/invoiceFormat';
import { useLoaded } from '../common/useLoaded';

/** How to pay one open invoice: its page at the provider, the boleto's line to copy, the Pix QR code. */
export function PayDialog({ invoice, codes, onClose }: { invoice: Invoice; codes(invoiceId: number): Promise<PaymentCodes>; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => codes(invoice.id), [codes, invoice.id]);
  const { loaded, reload } = useLoaded(load);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (what: string, text: string) => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(what));
  };
  const value = loaded.status === 'ready' ? loaded.value : null;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="pay-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('billing.mine.payTitle', { value: money(invoice.valueCents, i18n.language) })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <LoadState loaded={loaded} onRetry={reload} testId="billing" />
              {value && (
                <Stack gap="4">
                  {!value.invoiceUrl && !value.boletoLine && !value.pixPayload && <Text>{t('billing.mine.noCodes')}</Text>}
                  {value.invoiceUrl && (
                    <Link href={value.invoiceUrl} target="_blank" rel="noopener noreferrer" colorPalette="blue" data-testid="pay-invoice-page">
                      {t('billing.mine.openPage')} <ExternalLink size={14} aria-hidden />
                    </Link>
                  )}
                  {value.boletoLine && (
                    <Stack gap="1">
                      <Text fontWeight="semibold" id="boleto-line-label">
                        {t('billing.mine.boleto')}
                      </Text>
                      <Textarea readOnly value={value.boletoLine} aria-labelledby="boleto-line-label" rows={2} fontFamily="mono" data-testid="pay-boleto-line" />
                      <Button size="sm" variant="outline" onClick={() => copy('boleto', value.boletoLine as string)} data-testid="pay-copy-boleto">
                        {t('billing.mine.copyBoleto')}
                      </Button>
                    </Stack>
                  )}
                  {value.pixPayload && (
                    <Stack gap="1" align="center">
                      <Text fontWeight="semibold" alignSelf="flex-start">
                        {t('billing.mine.pix')}
                      </Text>
                      {value.pixQrCodeImage && <Image src={`data:image/png;base64,${value.pixQrCodeImage}`} alt={t('billing.mine.pixQrAlt')} boxSize="200px" data-testid="pay-pix-qr" />}
                      <Button size="sm" variant="outline" alignSelf="stretch" onClick={() => copy('pix', value.pixPayload as string)}>
                        {t('billing.mine.copyPix')}
                      </Button>
                    </Stack>
                  )}
                  {copied && (
                    <Text role="status" color="fg.success">
                      {t('billing.mine.copied')}
                    </Text>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('billing.common.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('billing.common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
