import { DataList, Spinner, useServerStore } from '@rastro/shared';
import { useTranslation } from 'react-i18next';

/** `/server` (administrators): what the tracking server reports about itself. */
export function ServerInfoArea() {
  const { t } = useTranslation();
  const server = useServerStore((state) => state.server);
  if (!server) return <Spinner m="4" />;
  const yesNo = (value: boolean | undefined) => t(value ? 'admin.yes' : 'admin.no');
  const rows: Array<[string, string]> = [
    [t('admin.version'), server.version ?? '—'],
    [t('admin.registration'), yesNo(server.registration)],
    [t('admin.readonly'), yesNo(server.readonly)],
  ];
  return (
    <DataList.Root orientation="horizontal" p="4" data-testid="server-info">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
