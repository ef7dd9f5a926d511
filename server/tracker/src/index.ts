// @rastro/tracker: a Traccar-compatible server with a simulated demo fleet, for development,
// demos and tests. See ../README.md.
export { startTracker } from './start-tracker';
export type { RunningTracker, TrackerOptions } from './start-tracker';
export { demoAccount } from './seed/demo-accounts';
export { loggableUrl, redactingLoggerOptions } from './http/log-serializers';
export type { ScheduledReportMail, ScheduledReportMailer } from './scheduled-reports/scheduled-reports';
