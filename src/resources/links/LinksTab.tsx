import LinkIcon from '@mui/icons-material/Link';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { TabbedForm, useRecordContext, useTranslate, type FormTabProps } from 'react-admin';
import { useAccess } from '../../authProvider/useAccess';
import { LinkDialog } from './LinkDialog';
import { LINK_TARGETS, OWNER_RESOURCE, type LinkOwnerKey, type LinkTarget } from './linkTargets';

interface LinksPanelProps {
  owner: LinkOwnerKey;
}

/** One button per kind of object the owner can be linked to, each opening its dialog. */
const LinksPanel = ({ owner }: LinksPanelProps) => {
  const translate = useTranslate();
  const record = useRecordContext<{ id: number; administrator?: boolean }>();
  const { can } = useAccess();
  const [open, setOpen] = useState<LinkTarget | null>(null);
  if (!record?.id) return null;
  const ownerResource = OWNER_RESOURCE[owner];
  if (!can('link', ownerResource, record)) {
    return <Typography color="text.secondary">{translate('admin.links.denied')}</Typography>;
  }
  const targets = LINK_TARGETS[owner].filter((target) => can('list', target.resource));
  return (
    <Stack direction="row" flexWrap="wrap" gap={1} sx={{ py: 1 }}>
      {targets.map((target) => (
        <Button
          key={target.key}
          variant="outlined"
          startIcon={<LinkIcon />}
          onClick={() => setOpen(target)}
        >
          {translate(`resources.${target.resource}.name`, { smart_count: 2 })}
        </Button>
      ))}
      {open && (
        <LinkDialog
          owner={{ key: owner, id: record.id }}
          target={open}
          open
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
};

/** The "links" tab of the user, device and group forms; give it `path="links"` (TabbedForm reads it). */
export const LinksTab = ({
  owner,
  ...props
}: LinksPanelProps & Omit<FormTabProps, 'children' | 'label'>) => (
  <TabbedForm.Tab label="admin.tabs.links" {...props}>
    <LinksPanel owner={owner} />
  </TabbedForm.Tab>
);
