import { defineRemote } from '@rastro/shared';
import { HistoryArea, ReportsArea } from '../reports/ReportsArea';

// `history` is the route history under the name the shell's route table gives /history.
export const { reports, history } = defineRemote({ name: 'mf_reports', areas: { reports: ReportsArea, history: HistoryArea } });
