import { Box } from '@rastro/shared';

export type NoticeKind = 'success' | 'info' | 'error';
export interface NoticeMessage {
  kind: NoticeKind;
  text: string;
}

const palette: Record<NoticeKind, { bg: string; color: string }> = {
  success: { bg: 'green.subtle', color: 'green.fg' },
  info: { bg: 'blue.subtle', color: 'blue.fg' },
  error: { bg: 'red.subtle', color: 'red.fg' },
};

/** A message inside the panel (success, info, refusal): errors are alerts, the rest polite status. */
export function Notice({ notice }: { notice: NoticeMessage | null }) {
  if (!notice) return null;
  return (
    <Box role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="fleet-notice" data-kind={notice.kind} px="3" py="2" m="2" borderRadius="md" {...palette[notice.kind]}>
      {notice.text}
    </Box>
  );
}
