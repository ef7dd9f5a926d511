import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { adminApi, setRegistration } from './admin-api';
import { expectAccessible } from './axe';
import { signIn } from './demo';
import { expect, test } from './fixtures';

/** A clock time on a 12-hour clock ("03:04 PM", "3:04 p. m."), at the end of the row's last update. */
const TWELVE_HOUR = /\d{1,2}:\d{2}\s?[ap]\.?\s?m\.?$/i;

const firstUpdate = (page: Page) => page.getByTestId('device-row-updated').first();
/** A remote's first load in a fresh tab fetches and starts its bundle: on two busy cores that can outlast the default wait. */
const LOADING = { timeout: 60_000 };

const ANNOUNCEMENT = 'Manutenção programada hoje às 22h.';

// The server settings screen (mf-admin /server) against the real gateway and tracker: a setting
// saved there changes what users see, in the browsers already open too (the clock, the announcement,
// the lock buttons), the map defaults are taken from the live map, the restart asks first and leaves
// the app working, and the write is in the advanced logs (/logs), found by its filter and exported as CSV.
test('server settings change behaviour everywhere, and the change is in the advanced logs', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const api = await adminApi();
  const original = (await (await api.get('/api/server')).json()) as Record<string, unknown>;
  const visitor = await browser.newContext();
  const [device] = (await (await api.get('/api/devices')).json()) as Array<{ id: number }>;
  try {
    await setRegistration(api, true);
    await signIn(page, '/login?to=/devices');
    await expect(firstUpdate(page)).toBeVisible(LOADING);
    // A second tab of the same session, open before the change: the socket brings it the new settings.
    const other = await page.context().newPage();
    await other.goto('/devices');
    await expect(firstUpdate(other)).toBeVisible(LOADING);
    await expect(firstUpdate(other)).not.toHaveText(TWELVE_HOUR);

    await page.goto('/server');
    const form = page.getByTestId('server-settings');
    await expect(form.getByLabel('Permitir cadastro de novos usuários')).toBeChecked(LOADING);
    // Judged once the map's view button has turned on (the map behind has drawn): measured mid-fade
    // from its disabled look it fails colour contrast, as in accessibility.spec.ts.
    await expect(page.getByTestId('map-view-pick')).toBeEnabled(LOADING);
    await expectAccessible(page);
    await form.getByLabel('Permitir cadastro de novos usuários').uncheck();
    await form.getByLabel('Relógio de 12 horas').check();
    await expect(form.getByLabel('Botões de bloquear e desbloquear')).toBeChecked();
    await form.getByLabel('Botões de bloquear e desbloquear').uncheck();
    await form.getByLabel('Aviso para todos os usuários').fill(ANNOUNCEMENT);
    // The map defaults are taken from where the live map behind the panel rests.
    const map = page.getByTestId('live-map');
    await expect(map).toHaveAttribute('data-center', /,/, LOADING);
    await form.getByRole('button', { name: 'Usar o centro e o zoom do mapa' }).click();
    const [longitude, latitude] = ((await map.getAttribute('data-center')) ?? '').split(',');
    const zoom = String(Math.round(Number(await map.getAttribute('data-zoom'))));
    await expect(form.getByTestId('server-setting-latitude')).toHaveValue(latitude ?? '');
    await expect(form.getByTestId('server-setting-longitude')).toHaveValue(longitude ?? '');
    await expect(form.getByTestId('server-setting-zoom')).toHaveValue(zoom);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByTestId('server-settings-notice')).toHaveText('Configurações salvas.');
    const saved = (await (await api.get('/api/server')).json()) as { latitude: number; longitude: number; zoom: number };
    expect([saved.latitude, saved.longitude, saved.zoom]).toEqual([Number(latitude), Number(longitude), Number(zoom)]);

    await expect(firstUpdate(other)).toHaveText(TWELVE_HOUR);
    // The announcement reaches the open tab, labelled, and closes for good (until its text changes).
    const announcement = other.getByRole('region', { name: 'Aviso' });
    await expect(announcement).toContainText(ANNOUNCEMENT);
    await expectAccessible(other);
    await announcement.getByRole('button', { name: 'Fechar' }).click();
    await expect(announcement).toHaveCount(0);
    // The lock buttons are switched off: the device detail offers neither.
    await other.goto(`/devices/${device!.id}`);
    await expect(other.getByTestId('action-follow')).toBeVisible(LOADING);
    await expect(other.getByTestId('action-lock').or(other.getByTestId('action-unlock'))).toHaveCount(0);
    await expect(other.getByTestId('announcement')).toHaveCount(0);
    const anonymous = await visitor.newPage();
    await anonymous.goto('/login');
    await expect(anonymous.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(anonymous.getByRole('link', { name: 'Criar uma conta' })).toHaveCount(0);

    await page.goto('/logs');
    await expect(page.getByTestId('logs-area')).toBeVisible(LOADING);
    await page.getByLabel('Objeto').selectOption({ label: 'Servidor' });
    await expect(page).toHaveURL(/\/logs\?objectType=server$/);
    const row = page.getByTestId('log-row').first();
    await expect(row).toContainText('Alterou · Servidor');
    await expectAccessible(page);
    await row.click();
    await expect(page.getByTestId('log-detail').getByRole('row', { name: /twelveHourFormat false true/ })).toBeVisible();

    // The CSV holds the filtered rows: the server's changes only, this one among them.
    const download = page.waitForEvent('download');
    await page.getByTestId('logs-export').click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const [header, ...records] = csv.trim().split(/\r?\n/);
    expect(header).toBe('at,userId,userName,userEmail,domain,clientIp,action,objectType,objectId,deviceId,changes,before');
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record).toMatch(/,update,server,/);
    expect(records.some((record) => record.includes('twelveHourFormat') && record.includes(ANNOUNCEMENT))).toBe(true);

    // The restart asks first, saying what it does; afterwards the app goes on working, and the
    // restart is in the logs.
    await page.goto('/server');
    await page.getByTestId('server-restart').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Todos os usuários ficarão sem dados ao vivo');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('server-settings-notice')).toHaveText('O servidor está reiniciando.');
    await page.goto('/logs?objectType=server');
    await expect(page.getByTestId('log-row').first()).toContainText('Reiniciou · Servidor', LOADING);
  } finally {
    await visitor.close();
    const restored = await api.put('/api/server', { data: original });
    expect(restored.ok(), await restored.text()).toBe(true);
    await api.dispose();
  }
});
