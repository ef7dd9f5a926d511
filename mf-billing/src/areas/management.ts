import { defineRemote } from '@rastro/shared';
import { ManagementArea } from '../management/ManagementArea';

// `management` fills /billing: the menu's "integrations and billing" (billing management and the integrations).
export const { management } = defineRemote({ name: 'mf_billing', areas: { management: ManagementArea } });
