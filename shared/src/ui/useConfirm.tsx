import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Portal } from '@chakra-ui/react';

export interface ConfirmQuestion {
  message: string;
  /** Shown as the dialog's heading when given. */
  title?: string;
  confirmLabel?: string;
  /** A destructive or irreversible action: the confirm button is red. */
  danger?: boolean;
}

/**
 * A confirmation asked as a promise: `if (await confirm({ message })) …`. One dialog per screen,
 * rendered where `dialog` is placed; closing it any other way than "confirm" answers false, and a
 * new question answers the pending one false.
 */
export function useConfirm(): { dialog: ReactNode; confirm(question: ConfirmQuestion): Promise<boolean> } {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const answerRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback((next: ConfirmQuestion) => {
    answerRef.current?.(false);
    setQuestion(next);
    return new Promise<boolean>((resolve) => {
      answerRef.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    answerRef.current?.(value);
    answerRef.current = null;
    setQuestion(null);
  };

  const dialog = <ConfirmDialog question={question} onAnswer={answer} />;
  return { dialog, confirm };
}

function ConfirmDialog({ question, onAnswer }: { question: ConfirmQuestion | null; onAnswer(value: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={question !== null} role="alertdialog" onOpenChange={(details) => !details.open && onAnswer(false)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            {question?.title && (
              <Dialog.Header>
                <Dialog.Title>{question.title}</Dialog.Title>
              </Dialog.Header>
            )}
            <Dialog.Body pt={question?.title ? undefined : '6'}>{question?.message}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onAnswer(false)} data-testid="confirm-cancel">
                {t('confirm.cancel')}
              </Button>
              <Button colorPalette={question?.danger ? 'red' : 'blue'} onClick={() => onAnswer(true)} data-testid="confirm-ok">
                {question?.confirmLabel ?? t('confirm.ok')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
