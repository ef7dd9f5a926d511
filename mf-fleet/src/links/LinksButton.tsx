import { Button } from '@rastro/shared';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelDialog } from '../entity/PanelDialog';
import { EntityLinks } from './EntityLinks';
import type { LinkOwner } from './linkKinds';

/** "Links" for a device, a group or a user: the owner's links in a dialog over the panel. */
export function LinksButton({ owner, name }: { owner: LinkOwner; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} data-testid="links-open">
        <Link2 aria-hidden />
        {t('fleet.links.open')}
      </Button>
      {open && (
        <PanelDialog title={t('fleet.links.title', { name })} onClose={() => setOpen(false)} testId="links-dialog">
          <EntityLinks owner={owner} name={name} />
        </PanelDialog>
      )}
    </>
  );
}
