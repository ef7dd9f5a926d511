import { Box, Grid, Heading, Text } from '@rastro/shared';
import type { ReactNode } from 'react';

/** A titled block of label/value pairs; empty values are left out, an empty block is not drawn. */
export function DetailTable({ title, rows, testId }: { title: string; rows: ReadonlyArray<readonly [string, ReactNode]>; testId?: string }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <Box px="3" py="2" data-testid={testId}>
      <Heading size="xs" mb="1" color="fg.muted">
        {title}
      </Heading>
      <Grid templateColumns="minmax(0, 2fr) minmax(0, 3fr)" columnGap="2" rowGap="0.5" fontSize="sm">
        {shown.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text color="fg.muted">{label}</Text>
            <Text wordBreak="break-word">{value}</Text>
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
