import { resellersEnUS } from '../resellers/locales/en-US';
import { themeEnUS } from '../theme/locales/en-US';

// One section per screen, each kept beside its screen.
export const adminEnUS = {
  theme: themeEnUS,
  resellers: resellersEnUS,
  gatewayErrors: {
    NOTHING_TO_UNDO: 'There is no earlier version to go back to.',
    SERVICE_ACCOUNT_REQUIRED: 'Reseller limits need the gateway’s service account (TRACCAR_SERVICE_USER).',
    PAID_EDITION_REQUIRED: 'This needs the paid edition.',
  },
};
