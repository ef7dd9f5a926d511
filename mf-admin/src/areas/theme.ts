import { defineRemote } from '@rastro/shared';
import { ThemeEditorArea } from '../theme/ThemeEditorArea';

export const { theme } = defineRemote({ name: 'mf_admin', areas: { theme: ThemeEditorArea } });
