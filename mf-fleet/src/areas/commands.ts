import { defineRemote } from '@rastro/shared';
import { CommandsArea } from '../commands/CommandsArea';

export const { commands } = defineRemote({ name: 'mf_fleet', areas: { commands: CommandsArea } });
