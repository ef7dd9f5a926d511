import type { Group } from '@rastro/shared';
import { LinksButton } from './LinksButton';

/**
 * A saved group's links, for the group form (`FormExtras: GroupLinks` in its description): what is
 * linked to a group applies to every device in it.
 */
export function GroupLinks({ entity }: { entity: Group | null }) {
  if (!entity) return null;
  return <LinksButton owner={{ key: 'groupId', id: entity.id, area: 'groups' }} name={entity.name} />;
}
