import { resellersPtBR } from '../resellers/locales/pt-BR';
import { themePtBR } from '../theme/locales/pt-BR';
import type { AdminCatalog } from './catalog';

export const adminPtBR: AdminCatalog = {
  theme: themePtBR,
  resellers: resellersPtBR,
  gatewayErrors: {
    NOTHING_TO_UNDO: 'Não há versão anterior para restaurar.',
    SERVICE_ACCOUNT_REQUIRED: 'Os limites de revendedores precisam da conta de serviço do gateway (TRACCAR_SERVICE_USER).',
    PAID_EDITION_REQUIRED: 'Isto requer a edição paga.',
  },
};
