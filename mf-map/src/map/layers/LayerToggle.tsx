import { Box, Button, mapLayerNames, Stack, Text } from '@rastro/shared';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapLayers } from './mapLayers';

/** SPEC §2 map layer toggle: a button that opens a list of switches, above the selected device's card. */
export function LayerToggle({ layers, onChange }: { layers: MapLayers; onChange(next: MapLayers): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box position="absolute" top="2" right="2" zIndex="2" bg="white" borderRadius="md" boxShadow="md" data-testid="map-layers">
      <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        <Layers aria-hidden />
        {t('map.layers.title')}
      </Button>
      {open && (
        <Stack as="fieldset" gap="1" px="3" pb="2">
          <Text as="legend" srOnly>
            {t('map.layers.title')}
          </Text>
          {mapLayerNames.map((name) => (
            <label key={name} style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 14 }}>
              <input type="checkbox" checked={layers[name]} onChange={(event) => onChange({ ...layers, [name]: event.target.checked })} data-testid={`map-layer-${name}`} />
              {t(`map.layers.${name}`)}
            </label>
          ))}
        </Stack>
      )}
    </Box>
  );
}
