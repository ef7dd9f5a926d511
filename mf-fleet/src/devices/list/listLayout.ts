import type { Device } from '@rastro/shared';
import type { GroupingChoice, ListItem } from './deviceGroups';
import { groupSections } from './deviceGroups';

/** Row heights of the device list: every device row is as tall as the others, and so is every group header. */
export interface RowHeights {
  device: number;
  group: number;
}

/**
 * Where each row of the list sits, answered without a row object or a measurement per device: the
 * virtual list asks only about the rows on screen, so a keystroke that leaves 45,000 devices costs
 * no more to lay out than one that leaves ten.
 */
export interface ListLayout {
  count: number;
  totalHeight: number;
  itemAt(index: number): ListItem;
  topOf(index: number): number;
  heightOf(index: number): number;
  /** The row under a vertical offset, clamped to the list. */
  indexAt(offset: number): number;
  /** The row of a device, or -1 when it is not in the list. */
  indexOfDevice(deviceId: number): number;
}

const deviceItem = (device: Device): ListItem => ({ kind: 'device', key: `d${device.id}`, device });
const clamp = (index: number, count: number) => Math.max(0, Math.min(count - 1, index));

function flatLayout(devices: readonly Device[], heights: RowHeights): ListLayout {
  return {
    count: devices.length,
    totalHeight: devices.length * heights.device,
    itemAt: (index) => deviceItem(devices[index] as Device),
    topOf: (index) => index * heights.device,
    heightOf: () => heights.device,
    indexAt: (offset) => clamp(Math.floor(offset / heights.device), devices.length),
    indexOfDevice: (deviceId) => devices.findIndex((device) => device.id === deviceId),
  };
}

interface PlacedSection {
  header: ListItem & { kind: 'group' };
  members: readonly Device[];
  /** Index and offset of the header row. */
  firstIndex: number;
  top: number;
}

/** The last section whose `key` (first index or top) is at most `value`: sections are few, devices many. */
function sectionAt(sections: readonly PlacedSection[], value: number, key: 'firstIndex' | 'top'): PlacedSection {
  let low = 0;
  let high = sections.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((sections[middle] as PlacedSection)[key] <= value) low = middle;
    else high = middle - 1;
  }
  return sections[low] as PlacedSection;
}

function groupedLayout(devices: readonly Device[], groupNames: Readonly<Record<number, string>>, noGroupName: string, language: string, heights: RowHeights): ListLayout {
  let firstIndex = 0;
  let top = 0;
  const sections = groupSections(devices, groupNames, noGroupName, language).map(({ header, members }): PlacedSection => {
    const placed = { header, members, firstIndex, top };
    firstIndex += 1 + members.length;
    top += heights.group + members.length * heights.device;
    return placed;
  });
  const count = firstIndex;
  return {
    count,
    totalHeight: top,
    itemAt(index) {
      const section = sectionAt(sections, index, 'firstIndex');
      return index === section.firstIndex ? section.header : deviceItem(section.members[index - section.firstIndex - 1] as Device);
    },
    topOf(index) {
      const section = sectionAt(sections, index, 'firstIndex');
      return index === section.firstIndex ? section.top : section.top + heights.group + (index - section.firstIndex - 1) * heights.device;
    },
    heightOf: (index) => (index === sectionAt(sections, index, 'firstIndex').firstIndex ? heights.group : heights.device),
    indexAt(offset) {
      if (!sections.length) return 0;
      const section = sectionAt(sections, offset, 'top');
      const withinMembers = offset - section.top - heights.group;
      const row = withinMembers < 0 ? 0 : 1 + Math.min(section.members.length - 1, Math.floor(withinMembers / heights.device));
      return clamp(section.firstIndex + row, count);
    },
    indexOfDevice(deviceId) {
      for (const section of sections) {
        const member = section.members.findIndex((device) => device.id === deviceId);
        if (member >= 0) return section.firstIndex + 1 + member;
      }
      return -1;
    },
  };
}

/** The list's rows for the sorted, filtered devices: flat, or under a header per group (groupPref). */
export function listLayout(devices: readonly Device[], grouping: GroupingChoice, groupNames: Readonly<Record<number, string>>, noGroupName: string, language: string, heights: RowHeights): ListLayout {
  return grouping === 'none' ? flatLayout(devices, heights) : groupedLayout(devices, groupNames, noGroupName, language, heights);
}
