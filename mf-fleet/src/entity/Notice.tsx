import { Box } from '@rastro/shared';

export type NoticeKind = 'success' | 'info' | 'error';
export interface NoticeMessage {
  kind: NoticeKind;
  text: string;
}

const palette: Record<NoticeKind, { bg: string; color: string }> = {
  success: { bg: 'green.50', color: 'green.800' },
  info: { bg: 'blue.50', color: 'blue.800' },
  error: { bg: 'red.50', color: 'red.800' },
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
