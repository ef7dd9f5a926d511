import { defineRemote } from '@rastro/shared';
import { ComputedArea } from '../computed/ComputedArea';

export const { computed } = defineRemote({ name: 'mf_fleet', areas: { computed: ComputedArea } });
