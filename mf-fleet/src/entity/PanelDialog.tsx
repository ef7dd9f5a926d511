import { Button, CloseButton, Dialog, Portal } from '@rastro/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog over the panel for one task (send a command, share, QR code); closing it drops the task. */
export function PanelDialog({ title, onClose, children, footer, testId }: { title: string; onClose(): void; children: ReactNode; footer?: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {footer}
              <Button variant="outline" onClick={onClose}>
                {t('fleet.common.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('fleet.common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
