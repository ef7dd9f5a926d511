import { Box, Input, Stack, Text } from '@rastro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ChecklistProps {
  label: string;
  testId: string;
  options: Array<{ id: number | string; name: string }>;
  chosen: ReadonlyArray<number | string>;
  onChange(chosen: Array<number | string>): void;
}

/** Each option's label, styled once for the list: a fleet's hundreds of devices are as many labels. */
const OPTION_STYLES = { '& > label': { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', py: '0.5' } } as const;

/** A searchable multi-select: a search field over a list of check boxes, the chosen ones first. */
export function Checklist({ label, testId, options, chosen, onChange }: ChecklistProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const shown = useMemo(() => {
    const wanted = search.trim().toLocaleLowerCase();
    return options.filter((option) => !wanted || option.name.toLocaleLowerCase().includes(wanted)).sort((a, b) => Number(chosenSet.has(b.id)) - Number(chosenSet.has(a.id)));
  }, [options, search, chosenSet]);
  const toggle = (value: number | string) => onChange(chosenSet.has(value) ? chosen.filter((item) => item !== value) : [...chosen, value]);
  return (
    <Box as="fieldset" data-testid={testId}>
      <Text as="legend" fontSize="sm" fontWeight="medium">
        {label} {chosen.length > 0 && `(${chosen.length})`}
      </Text>
      <Input size="sm" mt="1" aria-label={t('reportScreens.filter.search', { what: label })} placeholder={t('reportScreens.filter.searchPlaceholder')} value={search} onChange={(event) => setSearch(event.target.value)} />
      <Stack gap="0" maxH="8.5rem" overflowY="auto" mt="1" css={OPTION_STYLES}>
        {shown.map((option) => (
          <label key={option.id}>
            <input type="checkbox" checked={chosenSet.has(option.id)} onChange={() => toggle(option.id)} />
            {option.name}
          </label>
        ))}
        {shown.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('reportScreens.empty')}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
