import { defineRemote } from '@rastro/shared';
import { AccountArea } from '../account/AccountArea';

export const { account } = defineRemote({ name: 'mf_fleet', areas: { account: AccountArea } });
