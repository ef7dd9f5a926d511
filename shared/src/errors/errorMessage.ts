import { i18n } from '../i18n/i18n';

/**
 * What an answer's status means when its code is one no catalog knows (a proxy's own 502, a bare
 * 503): the gateway's faults (README: Faults) and its throttling, by the status they come with.
 */
const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  429: 'TOO_MANY_REQUESTS',
  502: 'TRACCAR_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TRACCAR_TIMEOUT',
};

const translated = (code: string | undefined): string | null => (code && i18n.exists(`errors.${code}`) ? i18n.t(`errors.${code}`) : null);

/**
 * The user's message for a product error code (SPEC §8: USER_DEVICE_LIMIT_REACHED,
 * TRACCAR_UNAVAILABLE…), from the shared `errors.` catalog; the `fallbackKey` message (by default
 * the generic one) for a code it does not know.
 */
export function errorCodeMessage(code: string, fallbackKey = 'errors.unexpected'): string {
  return translated(code) ?? i18n.t(fallbackKey);
}

/**
 * The user's message for a failed call, the one translation every screen uses: its code when the
 * catalog knows it, else what its status means (429, 502, 503, 504), else the screen's own message
 * for that action (`fallbackKey`).
 */
export function errorMessage(error: unknown, fallbackKey = 'errors.unexpected'): string {
  if (!isErrorReason(error)) return i18n.t(fallbackKey);
  return translated(error.code) ?? translated(CODE_OF_STATUS[error.status]) ?? i18n.t(fallbackKey);
}

/** What a refusal says about itself: an ApiError, or the same two fields carried over the bus. */
export interface ErrorReason {
  status: number;
  code: string;
}

function isErrorReason(error: unknown): error is ErrorReason {
  return typeof error === 'object' && error !== null && typeof (error as ErrorReason).status === 'number' && typeof (error as ErrorReason).code === 'string';
}
