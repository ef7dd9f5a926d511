import { Text, useRouterBridge } from '@rastro/shared';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerReportsCatalogs } from '../locales/catalog';
import { eventsReport, routeReport, stopsReport, summaryReport, tripsReport } from './definitions';
import { ReportChooserArea, useAllowedReports } from './ReportChooserArea';
import { reportKinds, type ReportKind } from './reportKinds';
import { ReportScreen } from './ReportScreen';

registerReportsCatalogs();

// The chart library loads only with the route's chart.
const RouteChart = lazy(() => import('../chart/RouteChart'));

const screens: Record<ReportKind, () => ReactNode> = {
  summary: () => <ReportScreen definition={summaryReport} />,
  trips: () => <ReportScreen definition={tripsReport} />,
  stops: () => <ReportScreen definition={stopsReport} />,
  events: () => <ReportScreen definition={eventsReport} />,
  route: () => (
    <ReportScreen
      definition={routeReport}
      drawOnLoad
      extra={(rows, units) => (
        <Suspense fallback={null}>
          <RouteChart positions={rows} units={units} />
        </Suspense>
      )}
    />
  ),
};

/** A report the user may open, or a plain refusal (the gateway refuses its calls anyway). */
function AllowedReport({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation();
  const allowed = useAllowedReports().some((report) => report.kind === kind);
  if (!allowed)
    return (
      <Text p="3" data-testid="report-refused">
        {t('reportScreens.notAllowed')}
      </Text>
    );
  return screens[kind]();
}

/** `/reports` and its children (SPEC §2): the chooser, or the report its path names. */
export function ReportsArea() {
  const pathname = useRouterBridge((state) => state.pathname);
  const report = reportKinds.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
  // Keyed: each report starts with its own rows and state.
  return report ? <AllowedReport key={report.kind} kind={report.kind} /> : <ReportChooserArea />;
}

/** `/history`: the route history, the same screen as /reports/history. */
export function HistoryArea() {
  return <AllowedReport kind="route" />;
}
