import { Box, Button, convertSpeed, Flex, formatDate, Text } from '@rastro/shared';
import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { speedColour, speedScaleTop } from './routeColours';
import { advancePlayback, DEFAULT_PLAYBACK_RATE, PLAYBACK_RATES, pointAt } from './routeTimeline';
import type { PlaybackPoint, PlaybackRate, RouteTimeline } from './routeTimeline';

const kmh = (knots: number) => Math.round(convertSpeed(knots, 'kmh'));

/**
 * The route's playback control: play/pause, speed, and a slider to scrub through time. The marker
 * follows `elapsed` (route milliseconds since the first fix); every change reports its place.
 */
export function RoutePlayback({ timeline, onPoint, onClear }: { timeline: RouteTimeline; onPoint(point: PlaybackPoint | null): void; onClear(): void }) {
  const { t, i18n } = useTranslation();
  const [elapsed, setElapsed] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<PlaybackRate>(DEFAULT_PLAYBACK_RATE);
  const elapsedRef = useRef(0);
  const point = useMemo(() => pointAt(timeline, elapsed), [timeline, elapsed]);

  useEffect(() => onPoint(point), [onPoint, point]);
  useEffect(() => () => onPoint(null), [onPoint]);

  const moveTo = (next: number) => {
    elapsedRef.current = next;
    setElapsed(next);
  };

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let handle = requestAnimationFrame(function step(now) {
      const next = advancePlayback(elapsedRef.current, now - last, rate, timeline.duration);
      last = now;
      moveTo(next.elapsed);
      if (next.ended) setPlaying(false);
      else handle = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(handle);
  }, [playing, rate, timeline]);

  const togglePlay = () => {
    // Play at the end starts over.
    if (!playing && elapsedRef.current >= timeline.duration) moveTo(0);
    setPlaying(!playing);
  };
  const top = speedScaleTop(timeline.maxSpeed);

  return (
    <Box bg="white" borderRadius="md" boxShadow="md" p="2" role="group" aria-label={t('map.route.title')} data-testid="route-playback">
      <Flex justify="space-between" align="center" gap="2">
        <Text fontWeight="semibold">{t('map.route.title')}</Text>
        <Button size="xs" variant="outline" onClick={onClear} data-testid="route-clear">
          {t('map.route.clear')}
        </Button>
      </Flex>
      {!point ? (
        <Text role="status" fontSize="sm" mt="1" data-testid="route-empty">
          {t('map.route.empty')}
        </Text>
      ) : (
        <>
          <Flex gap="2" align="center" mt="1">
            <Button size="xs" onClick={togglePlay} disabled={timeline.duration === 0} aria-pressed={playing} data-testid="route-play">
              {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
              {playing ? t('map.route.pause') : t('map.route.play')}
            </Button>
            <select aria-label={t('map.route.rate')} value={rate} onChange={(event) => setRate(Number(event.target.value) as PlaybackRate)} data-testid="route-rate" style={{ fontSize: 12 }}>
              {PLAYBACK_RATES.map((option) => (
                <option key={option} value={option}>
                  {t('map.route.rateOption', { rate: option })}
                </option>
              ))}
            </select>
            <Text fontSize="xs" data-testid="route-speed">
              {t('map.speed', { value: kmh(point.speed) })}
            </Text>
          </Flex>
          <input
            type="range"
            aria-label={t('map.route.position')}
            min={0}
            max={Math.ceil(timeline.duration / 1000)}
            step={1}
            value={Math.round(elapsed / 1000)}
            disabled={timeline.duration === 0}
            onChange={(event) => {
              setPlaying(false);
              moveTo(Math.min(timeline.duration, Number(event.target.value) * 1000));
            }}
            style={{ width: '100%' }}
            data-testid="route-scrub"
          />
          <Text fontSize="xs" data-testid="route-time">
            {/* With seconds: playback moves through a route second by second. */}
            {`${formatDate(point.time, i18n.language, 'date')} ${new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(point.time)}`}
          </Text>
          <Box h="1.5" mt="1" borderRadius="full" style={{ background: `linear-gradient(to right, ${speedColour(0, top)}, ${speedColour(top / 2, top)}, ${speedColour(top, top)})` }} />
          <Text fontSize="xs" color="gray.600">
            {t('map.route.speedScale', { top: kmh(top) })}
          </Text>
        </>
      )}
    </Box>
  );
}
