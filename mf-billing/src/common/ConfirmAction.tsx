import { Button, Dialog, Portal } from '@rastro/shared';
import { useTranslation } from 'react-i18next';

export interface PendingAction {
  /** What the administrator is asked (SPEC §4: each billing action is confirmed). */
  question: string;
  confirmLabel: string;
  run(): Promise<void>;
}

/** The confirmation of one billing action: the action runs only on "confirm"; any other close drops it. */
export function ConfirmAction({ action, busy, onConfirm, onDismiss }: { action: PendingAction | null; busy: boolean; onConfirm(): void; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={action !== null} role="alertdialog" onOpenChange={(details) => !details.open && !busy && onDismiss()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="billing-confirm">
            <Dialog.Header>
              <Dialog.Title>{action?.confirmLabel}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{action?.question}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onDismiss} disabled={busy}>
                {t('billing.common.cancel')}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy} data-testid="billing-confirm-ok">
                {t('billing.common.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
