import { Button, Dialog, Portal } from '@rastro/shared';
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Question {
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}

/**
 * A confirmation asked as a promise: `if (await confirm({ message })) …`. One dialog per screen,
 * rendered where `dialog` is placed; closing it any other way than "confirm" answers false.
 */
export function useConfirm(): { dialog: ReactNode; confirm(question: Question): Promise<boolean> } {
  const [question, setQuestion] = useState<Question | null>(null);
  const answerRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback((next: Question) => {
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

function ConfirmDialog({ question, onAnswer }: { question: Question | null; onAnswer(value: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={question !== null} role="alertdialog" onOpenChange={(details) => !details.open && onAnswer(false)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Body pt="6">{question?.message}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onAnswer(false)} data-testid="confirm-cancel">
                {t('fleet.common.cancel')}
              </Button>
              <Button colorPalette={question?.danger ? 'red' : 'blue'} onClick={() => onAnswer(true)} data-testid="confirm-ok">
                {question?.confirmLabel ?? t('fleet.common.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
