import { Box, CloseButton, Heading, HStack, Table, Text } from '@rastro/shared';
import type { AuditEntry } from '@rastro/shared/contract';
import { useTranslation } from 'react-i18next';
import { logChanges } from './logDiff';

/** One entry's change: each field as it was before and as the write set it (secrets already redacted by the gateway). */
export function LogDetail({ entry, onClose }: { entry: AuditEntry; onClose(): void }) {
  const { t } = useTranslation();
  const changes = logChanges(entry.before, entry.changes);
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p="3" aria-labelledby="log-detail-title" data-testid="log-detail">
      <HStack justify="space-between">
        <Heading as="h3" size="sm" id="log-detail-title">
          {t('auditLogs.detail.title')}
        </Heading>
        <CloseButton size="sm" aria-label={t('auditLogs.detail.close')} onClick={onClose} />
      </HStack>
      {changes.length === 0 ? (
        <Text fontSize="sm">{t('auditLogs.detail.noChange')}</Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('auditLogs.detail.field')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('auditLogs.detail.before')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('auditLogs.detail.after')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.map((change) => (
              <Table.Row key={change.field}>
                <Table.Cell fontFamily="mono">{change.field}</Table.Cell>
                <Table.Cell wordBreak="break-all">{change.before}</Table.Cell>
                <Table.Cell wordBreak="break-all">{change.after}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
