import { resellersEs } from '../resellers/locales/es';
import { themeEs } from '../theme/locales/es';
import type { AdminCatalog } from './catalog';

export const adminEs: AdminCatalog = {
  theme: themeEs,
  resellers: resellersEs,
  gatewayErrors: {
    NOTHING_TO_UNDO: 'No hay una versión anterior a la que volver.',
    SERVICE_ACCOUNT_REQUIRED: 'Los límites de revendedores necesitan la cuenta de servicio del gateway (TRACCAR_SERVICE_USER).',
    PAID_EDITION_REQUIRED: 'Esto requiere la edición de pago.',
  },
};
