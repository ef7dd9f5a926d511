import { defineRemote } from '@rastro/shared';
import { InvoicesArea } from '../invoices/InvoicesArea';

export const { invoices } = defineRemote({ name: 'mf_billing', areas: { invoices: InvoicesArea } });
