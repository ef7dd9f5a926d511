import { ApiError, Badge, Button, errorMessage, expiryLeft, Field, formatDate, Heading, HStack, Input, qrDriverViewSchema, Stack, Text, useRouterBridge, useSessionStore } from '@rastro/shared';
import type { QrDriverView } from '@rastro/shared';
import { Lock, LockOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productHttp } from '../api/clients';
import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { registerFleetCatalogs } from '../locales/catalog';
import { ScanButton } from '../scan/ScanButton';
import { useNow } from '../units/useNow';
import { qrDriverEnUS } from './locales/en-US';
import { qrDriverEs } from './locales/es';
import { qrDriverPtBR } from './locales/pt-BR';
import { vehicleIdFromCode } from './vehicleCode';

registerFleetCatalogs();
registerEntityCatalogs('qrDriver', { 'pt-BR': qrDriverPtBR, es: qrDriverEs, 'en-US': qrDriverEnUS });

/** How often the screen asks again once the logout time is past (the gateway's job runs then). */
const AFTER_LOGOUT_POLL_MS = 5_000;

const loadView = async () => qrDriverViewSchema.parse(await productHttp.json('/qr-driver'));

/**
 * The QR driver's phone screen (`/qr-driver`, and `/qr-driver/scan/{id}` which a vehicle's sticker
 * opens): check in by scanning or typing the vehicle's code, see the vehicle, its lock and the
 * timers of the driver's settings, check out. When the gateway ends the session (timed logout),
 * the page is signed out and the guard sends the driver to its login.
 */
export function QrDriverArea() {
  const { t, i18n } = useTranslation();
  const pathname = useRouterBridge((state) => state.pathname);
  const navigate = useRouterBridge((state) => state.navigate);
  const scanned = vehicleIdFromCode(pathname);
  const [view, setView] = useState<QrDriverView | null>(null);
  const [code, setCode] = useState(scanned ? String(scanned) : '');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const now = useNow();

  // Bumped to read the view again (after a check-in or out, and while the logout time is past).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    loadView().then(
      (loaded) => live && setView(loaded),
      (error: unknown) => {
        if (!live) return;
        // The gateway ended the driver's session (timed or ignition logout): the guard takes the driver to its login.
        if (error instanceof ApiError && error.status === 401) useSessionStore.getState().signedOut({ ended: true });
        else setNotice({ kind: 'error', text: errorMessage(error, 'fleet.common.unexpected') });
      },
    );
    return () => {
      live = false;
    };
  }, [version]);

  const logoutPassed = Boolean(view?.logoutAt && Date.parse(view.logoutAt) <= now);
  useEffect(() => {
    if (!logoutPassed) return;
    const timer = window.setInterval(() => setVersion((value) => value + 1), AFTER_LOGOUT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [logoutPassed]);

  const check = async (id: number) => {
    setBusy(true);
    setNotice(null);
    try {
      await productHttp.json('/qr-driver', { method: 'POST', json: { id } });
      setVersion((value) => value + 1);
      setNotice({ kind: 'success', text: t(id > 0 ? 'fleet.qrDriver.checkedIn' : 'fleet.qrDriver.checkedOut') });
      setCode('');
      if (scanned) navigate('/qr-driver');
    } catch (error) {
      // Switched off since the screen was read: say why, and show it as off.
      const off = error instanceof ApiError && error.code === 'QR_CHECK_IN_DISABLED';
      if (off) setView((current) => current && { ...current, checkInEnabled: false });
      setNotice({ kind: 'error', text: off ? t('fleet.qrDriver.checkInOff') : errorMessage(error, 'fleet.common.unexpected') });
    } finally {
      setBusy(false);
    }
  };

  const checkIn = (event: React.FormEvent) => {
    event.preventDefault();
    const id = vehicleIdFromCode(code);
    if (id === null) setNotice({ kind: 'error', text: t('fleet.qrDriver.badCode') });
    else void check(id);
  };

  // Pointing the camera at the sticker is the driver's decision: a readable code checks in at once.
  const scannedCode = (text: string) => {
    const id = vehicleIdFromCode(text);
    if (id === null) setNotice({ kind: 'error', text: t('fleet.qrDriver.badCode') });
    else void check(id);
  };

  const left = expiryLeft(view?.logoutAt, now);
  const device = view?.device ?? null;
  return (
    <Stack p="4" gap="4" maxW="32rem" mx="auto" data-testid="qr-driver" data-checked-in={device ? device.id : 0}>
      <Notice notice={notice} />
      {view === null && <Text>{t('fleet.common.loading')}</Text>}
      {view && device && (
        <Stack gap="3" data-testid="qr-driver-vehicle">
          <Heading size="lg">{device.name}</Heading>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={device.status === 'online' ? 'green' : 'gray'}>{t(`fleet.qrDriver.status.${device.status === 'online' || device.status === 'offline' ? device.status : 'unknown'}`)}</Badge>
            <Badge colorPalette={device.blocked ? 'red' : 'green'} data-testid="qr-driver-lock" data-blocked={device.blocked}>
              {device.blocked ? <Lock aria-hidden /> : <LockOpen aria-hidden />}
              {t(device.blocked ? 'fleet.qrDriver.locked' : 'fleet.qrDriver.unlocked')}
            </Badge>
          </HStack>
          {view.checkedInAt && <Text>{t('fleet.qrDriver.since', { date: formatDate(view.checkedInAt, i18n.language) })}</Text>}
          {view.logoutAt && (
            <Text data-testid="qr-driver-logout">
              {left && !left.expired ? t(`fleet.qrDriver.logoutIn.${left.unit}`, { count: left.count }) : t('fleet.qrDriver.loggingOut')}
            </Text>
          )}
          {view.logoutOnIgnitionOff && <Text>{t('fleet.qrDriver.ignitionLogout')}</Text>}
          {view.lockDelayMinutes !== null && <Text data-testid="qr-driver-lock-delay">{t('fleet.qrDriver.lockAfter', { count: view.lockDelayMinutes })}</Text>}
          <Button size="lg" colorPalette="red" loading={busy} onClick={() => void check(0)} data-testid="qr-driver-check-out">
            {t('fleet.qrDriver.checkOut')}
          </Button>
        </Stack>
      )}
      {view && !device && !view.checkInEnabled && (
        <Stack gap="3" data-testid="qr-driver-check-in-off">
          <Heading size="lg">{t('fleet.qrDriver.title')}</Heading>
          <Text>{t('fleet.qrDriver.checkInOff')}</Text>
        </Stack>
      )}
      {view && !device && view.checkInEnabled && (
        <form onSubmit={checkIn} noValidate data-testid="qr-driver-check-in-form">
        <Stack gap="3">
          <Heading size="lg">{t('fleet.qrDriver.title')}</Heading>
          <Text>{t('fleet.qrDriver.howTo')}</Text>
          <ScanButton label={t('fleet.qrDriver.scan')} onCode={scannedCode} />
          <Field.Root>
            <Field.Label htmlFor="qr-driver-code">{t('fleet.qrDriver.code')}</Field.Label>
            <Input id="qr-driver-code" size="lg" inputMode="numeric" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
          </Field.Root>
          {view.lockDelayMinutes !== null && <Text data-testid="qr-driver-lock-delay">{t('fleet.qrDriver.lockAfter', { count: view.lockDelayMinutes })}</Text>}
          <Button type="submit" size="lg" colorPalette="blue" loading={busy} data-testid="qr-driver-check-in">
            {t('fleet.qrDriver.checkIn')}
          </Button>
        </Stack>
        </form>
      )}
    </Stack>
  );
}
