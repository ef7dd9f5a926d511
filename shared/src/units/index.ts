// Units and locale formatting (SPEC §9), one import for the shell and the remotes.
export { convertSpeed, KMH_PER_KNOT, MPH_PER_KNOT } from './speed';
export type { SpeedUnit } from './speed';
export { formatRelativeTime } from './relativeTime';
export { formatCurrency, formatDate, formatNumber } from './localeFormat';
export type { DateStyle } from './localeFormat';
export { expiryLeft } from './expiryLeft';
export type { ExpiryLeft } from './expiryLeft';
export { ownTwelveHourClock, twelveHourClockOf, TWELVE_HOUR_ATTRIBUTE } from './clock';
