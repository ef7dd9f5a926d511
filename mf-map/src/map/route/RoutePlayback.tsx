import { Box, bus, Button, convertSpeed, Flex, formatDate, Text, useDevicesStore } from '@rastro/shared';
import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { speedColour, speedScaleTop, trackColour } from './routeColours';
import { advancePlayback, DEFAULT_PLAYBACK_RATE, PLAYBACK_RATES, pointsAt } from './routeTimeline';
import type { PlaybackPoint, PlaybackRate, RoutePlay } from './routeTimeline';

const kmh = (knots: number) => Math.round(convertSpeed(knots, 'kmh'));

/**
 * The route's playback control: play/pause, speed, and a slider to scrub through time. The markers
 * (one per device) follow `elapsed` (milliseconds since the route's first fix); every change reports
 * their places. A chart may move them too (the bus's route:seekRequested). A route of several
 * devices lists each device beside its line's colour.
 */
export function RoutePlayback({ play, onPoints, onClear }: { play: RoutePlay; onPoints(points: PlaybackPoint[]): void; onClear(): void }) {
  const { t, i18n } = useTranslation();
  const devices = useDevicesStore((state) => state.byId);
  const [elapsed, setElapsed] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<PlaybackRate>(DEFAULT_PLAYBACK_RATE);
  const elapsedRef = useRef(0);
  const points = useMemo(() => pointsAt(play, elapsed), [play, elapsed]);
  const point = points[0] ?? null;
  const several = play.tracks.length > 1;

  useEffect(() => onPoints(points), [onPoints, points]);
  useEffect(() => () => onPoints([]), [onPoints]);

  const moveTo = (next: number) => {
    elapsedRef.current = next;
    setElapsed(next);
  };

  useEffect(() => {
    const onSeek = (time: number) => {
      setPlaying(false);
      moveTo(Math.min(play.duration, Math.max(0, time - play.startTime)));
    };
    bus.on('route:seekRequested', onSeek);
    return () => void bus.off('route:seekRequested', onSeek);
  }, [play]);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let handle = requestAnimationFrame(function step(now) {
      const next = advancePlayback(elapsedRef.current, now - last, rate, play.duration);
      last = now;
      moveTo(next.elapsed);
      if (next.ended) setPlaying(false);
      else handle = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(handle);
  }, [playing, rate, play.duration]);

  const togglePlay = () => {
    // Play at the end starts over.
    if (!playing && elapsedRef.current >= play.duration) moveTo(0);
    setPlaying(!playing);
  };
  const top = speedScaleTop(play.maxSpeed);

  return (
    <Box bg="bg.panel" borderRadius="md" boxShadow="md" p="2" role="group" aria-label={t('map.route.title')} data-testid="route-playback">
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
            <Button size="xs" onClick={togglePlay} disabled={play.duration === 0} aria-pressed={playing} data-testid="route-play">
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
            {!several && (
              <Text fontSize="xs" data-testid="route-speed">
                {t('map.speed', { value: kmh(point.speed) })}
              </Text>
            )}
          </Flex>
          <input
            type="range"
            aria-label={t('map.route.position')}
            min={0}
            max={Math.ceil(play.duration / 1000)}
            step={1}
            value={Math.round(elapsed / 1000)}
            disabled={play.duration === 0}
            onChange={(event) => {
              setPlaying(false);
              moveTo(Math.min(play.duration, Number(event.target.value) * 1000));
            }}
            style={{ width: '100%' }}
            data-testid="route-scrub"
          />
          <Text fontSize="xs" data-testid="route-time">
            {/* With seconds: playback moves through a route second by second. */}
            {`${formatDate(point.time, i18n.language, 'date')} ${new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(point.time)}`}
          </Text>
          {several ? (
            <Box as="ul" mt="1" maxH="24" overflowY="auto" listStyleType="none" data-testid="route-devices">
              {play.tracks.map((track, index) => (
                <Flex as="li" key={track.deviceId} align="center" gap="2" fontSize="xs">
                  <Box as="span" w="3" h="1.5" borderRadius="full" flexShrink={0} style={{ background: trackColour(index) }} />
                  {devices[track.deviceId]?.name ?? t('map.route.device', { id: track.deviceId })}
                </Flex>
              ))}
            </Box>
          ) : (
            <>
              <Box h="1.5" mt="1" borderRadius="full" style={{ background: `linear-gradient(to right, ${speedColour(0, top)}, ${speedColour(top / 2, top)}, ${speedColour(top, top)})` }} />
              <Text fontSize="xs" color="fg.muted">
                {t('map.route.speedScale', { top: kmh(top) })}
              </Text>
            </>
          )}
        </>
      )}
    </Box>
  );
}
