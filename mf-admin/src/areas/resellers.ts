import { defineRemote } from '@rastro/shared';
import { ResellersArea } from '../resellers/ResellersArea';

export const { resellers } = defineRemote({ name: 'mf_admin', areas: { resellers: ResellersArea } });
