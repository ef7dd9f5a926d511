import { defineRemote } from '@rastro/shared';
import { ReportChooserArea } from '../reports/ReportChooserArea';

export const { reports } = defineRemote({ name: 'mf_reports', areas: { reports: ReportChooserArea } });
