import { Box, bus, Button, Flex, formatNumber, Link, Text, useServerStore } from '@rastro/shared';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { streetViewUrl } from './streetViewUrl';
import type { StreetViewPlace } from './streetViewUrl';

/** The place someone asked to see in street view (device detail, a report row), until closed. */
export function useStreetViewRequest(): [StreetViewPlace | null, () => void] {
  const [place, setPlace] = useState<StreetViewPlace | null>(null);
  useEffect(() => {
    bus.on('streetView:requested', setPlace);
    return () => void bus.off('streetView:requested', setPlace);
  }, []);
  return [place, () => setPlace(null)];
}

/** SPEC §2 street view panel: the configured provider's view of one place, or a plain statement that there is none. */
export function StreetViewPanel({ place, onClose }: { place: StreetViewPlace; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const template = useServerStore((state) => state.config?.streetViewUrl ?? null);
  const address = streetViewUrl(template, place);
  const degrees = (value: number) => formatNumber(value, i18n.language, 6);
  return (
    <Box bg="bg.panel" borderRadius="md" boxShadow="md" p="2" role="dialog" aria-label={t('map.streetView.title')} data-testid="street-view">
      <Flex justify="space-between" align="center" gap="2">
        <Text fontWeight="semibold">{t('map.streetView.title')}</Text>
        <Button size="xs" variant="ghost" aria-label={t('map.streetView.close')} onClick={onClose} data-testid="street-view-close">
          <X aria-hidden />
        </Button>
      </Flex>
      <Text fontSize="xs" color="fg.muted">
        {t('map.streetView.place', { latitude: degrees(place.latitude), longitude: degrees(place.longitude) })}
      </Text>
      {address ? (
        <>
          {/* Providers that refuse to be framed still open through the link below. */}
          <iframe
            title={t('map.streetView.title')}
            src={address}
            referrerPolicy="no-referrer"
            style={{ width: '100%', height: 192, marginTop: 8, border: 0, borderRadius: 4 }}
            data-testid="street-view-frame"
          />
          <Link href={address} target="_blank" rel="noopener noreferrer" fontSize="sm" data-testid="street-view-open">
            {t('map.streetView.open')}
          </Link>
        </>
      ) : (
        <Text role="status" fontSize="sm" mt="2" data-testid="street-view-unconfigured">
          {t('map.streetView.notConfigured')}
        </Text>
      )}
    </Box>
  );
}
