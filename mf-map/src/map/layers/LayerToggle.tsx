import { Box, Button, mapLayerNames, Stack, Text } from '@rastro/shared';
import type { BaseMapSource } from '@rastro/shared/base-maps';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapLayers } from './mapLayers';

interface LayerToggleProps {
  layers: MapLayers;
  onChange(next: MapLayers): void;
  /** The base maps on offer (keyless ones, keyed ones whose key is set, the installation's own). */
  baseMaps: readonly BaseMapSource[];
  baseMap: string;
  onBaseMap(id: string): void;
}

const optionStyle = { display: 'flex', gap: 8, alignItems: 'center', fontSize: 14 } as const;

/**
 * SPEC §2 map layer toggle: a button that opens the layer switches and the base-map switcher (one
 * radio group, so the arrow keys move through it), above the selected device's card.
 */
export function LayerToggle({ layers, onChange, baseMaps, baseMap, onBaseMap }: LayerToggleProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box position="absolute" top="2" right="2" zIndex="2" bg="bg.panel" borderRadius="md" boxShadow="md" data-testid="map-layers">
      <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        <Layers aria-hidden />
        {t('map.layers.title')}
      </Button>
      {open && (
        <Box maxH="calc(100vh - 12rem)" overflowY="auto" px="3" pb="2">
          <Stack as="fieldset" gap="1">
            <Text as="legend" srOnly>
              {t('map.layers.title')}
            </Text>
            {mapLayerNames.map((name) => (
              <label key={name} style={optionStyle}>
                <input type="checkbox" checked={layers[name]} onChange={(event) => onChange({ ...layers, [name]: event.target.checked })} data-testid={`map-layer-${name}`} />
                {t(`map.layers.${name}`)}
              </label>
            ))}
          </Stack>
          <Stack as="fieldset" gap="1" mt="2" data-testid="map-base-maps">
            <Text as="legend" fontSize="sm" fontWeight="semibold" mb="1">
              {t('map.baseMaps.title')}
            </Text>
            {baseMaps.map((source) => (
              <label key={source.id} style={optionStyle}>
                <input type="radio" name="rastro-base-map" value={source.id} checked={source.id === baseMap} onChange={() => onBaseMap(source.id)} data-testid={`map-base-${source.id}`} />
                {t(`map.baseMaps.${source.labelKey}`)}
              </label>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
