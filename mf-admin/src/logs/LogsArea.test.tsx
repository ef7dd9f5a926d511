import { AreaProviders, initI18n, useRouterBridge } from '@rastro/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { auditEntry } from './auditEntry.fixture';
import { LogsArea } from './LogsArea';

const entry = auditEntry;
let asked: string[] = [];
const answer = (status: number, body: unknown) => ({ status, ok: status < 400, headers: { get: () => null }, text: async () => JSON.stringify(body), json: async () => body });

beforeAll(() => {
  initI18n('en-US');
  // jsdom lays nothing out: the virtualised list is given a viewport to fill.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});
beforeEach(() => {
  asked = [];
  global.fetch = jest.fn(async (url: string) => {
    asked.push(url);
    if (url === '/api/users') return answer(200, [{ id: 1, name: 'Admin' }, { id: 3, name: 'Ana' }]);
    if (url.startsWith('/rastro/devices/7/logs')) return answer(200, { items: [entry(2), entry(1, { action: 'create', before: null })], nextCursor: null, limit: 100 });
    return answer(200, { items: [], nextCursor: null, limit: 100 });
  }) as unknown as typeof fetch;
});

it("opens a device's log from /logs?device=7, shows who did what, and the change's before and after", async () => {
  useRouterBridge.setState({ pathname: '/logs', search: '?device=7' });
  render(
    <AreaProviders name="mf_admin">
      <LogsArea />
    </AreaProviders>,
  );
  const rows = await screen.findAllByTestId('log-row');
  expect(rows.map((row) => row.dataset.action)).toEqual(['update', 'create']);
  expect(rows[0]).toHaveTextContent('Changed · Vehicle #7');
  expect(asked).toContain('/rastro/devices/7/logs?limit=100');
  fireEvent.click(rows[0]!);
  const detail = screen.getByTestId('log-detail');
  expect(within(detail).getByRole('row', { name: /name Van 7 Van 7 \(blue\)/ })).toBeInTheDocument();
});

it('a filter chosen goes into the URL, where the log is read from', async () => {
  const navigate = jest.fn();
  useRouterBridge.setState({ pathname: '/logs', search: '', navigate });
  render(
    <AreaProviders name="mf_admin">
      <LogsArea />
    </AreaProviders>,
  );
  expect(await screen.findByTestId('logs-empty')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'delete' } });
  expect(navigate).toHaveBeenCalledWith('/logs?action=delete', { replace: true });
});
