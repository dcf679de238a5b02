import FenceIcon from '@mui/icons-material/Fence';
import NotificationsIcon from '@mui/icons-material/Notifications';
import GroupsIcon from '@mui/icons-material/Workspaces';
import {
  Autocomplete,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import {
  Button,
  type RaRecord,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { searchMatches } from '../../../../model/search';
import { useAccess } from '../../../authProvider/useAccess';
import type { FrotaDataProvider } from '../../../dataProvider';
import type { LinkKey } from '../../../dataProvider/traccar';
import type { LinkOwnerKey } from '../../links/linkTargets';
import { useRecordLabel } from '../recordLabel';
import { errorKey } from './deletion';
import { useItemsText } from './selectionText';

/** What the selected rows can be linked to from a list, and the key of each in the link. */
const TARGETS = {
  geofence: { key: 'geofenceId', sort: 'name', icon: <FenceIcon /> },
  notifications: { key: 'notificationId', sort: 'description', icon: <NotificationsIcon /> },
  groups: { key: 'groupId', sort: 'name', icon: <GroupsIcon /> },
} as const satisfies Record<string, { key: LinkKey; sort: string; icon: ReactElement }>;

export type BulkLinkTarget = keyof typeof TARGETS;

/** The key of a list's rows as owners of a link. */
const OWNER_KEYS: Record<string, LinkOwnerKey> = {
  'device-admin': 'deviceId',
  groups: 'groupId',
  users: 'userId',
};

const ALL = { page: 1, perPage: 100_000 };

const LinkDialog = ({
  owner,
  target,
  onClose,
}: {
  owner: string;
  target: BulkLinkTarget;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { selectedIds } = useListContext();
  const itemsText = useItemsText(owner);
  const labelOf = useRecordLabel(target);
  const [chosen, setChosen] = useState<RaRecord | null>(null);
  const { data: options = [], isPending } = useGetList(target, {
    pagination: ALL,
    sort: { field: TARGETS[target].sort, order: 'ASC' },
  });
  const change = useMutation({
    mutationFn: async (action: 'link' | 'unlink') => {
      if (!chosen) return action;
      const owners = selectedIds.map((id) => ({ key: OWNER_KEYS[owner], id: Number(id) }));
      const property = { key: TARGETS[target].key, id: Number(chosen.id) };
      if (action === 'link') await dataProvider.linkEach(owners, property);
      else await dataProvider.unlinkEach(owners, property);
      return action;
    },
    onSuccess: (action) => {
      notify(`lists.bulk.${action === 'link' ? 'linked' : 'unlinked'}`, {
        type: 'info',
        messageArgs: { items: itemsText(selectedIds.length), name: chosen ? labelOf(chosen) : '' },
      });
      // Counts and links shown anywhere (a geofence's devices, say) are read again.
      refresh();
      onClose();
    },
    onError: (error) => notify(errorKey(error), { type: 'error' }),
  });
  const busy = change.isPending;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {translate(`lists.bulk.linkTitle.${target}`, { items: itemsText(selectedIds.length) })}
      </DialogTitle>
      <DialogContent>
        <Autocomplete
          options={options}
          loading={isPending}
          value={chosen}
          onChange={(_, value) => setChosen(value)}
          getOptionLabel={labelOf}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(all, { inputValue }) =>
            all.filter((option) => searchMatches(labelOf(option), inputValue))
          }
          noOptionsText={translate('ra.navigation.no_results')}
          loadingText={translate('ra.page.loading')}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label={translate(`resources.${target}.name`, { smart_count: 1 })}
              sx={{ mt: 1 }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton onClick={() => change.mutate('unlink')} disabled={!chosen || busy}>
          {translate('lists.bulk.unlink')}
        </MuiButton>
        <MuiButton
          variant="contained"
          onClick={() => change.mutate('link')}
          disabled={!chosen || busy}
        >
          {translate('lists.bulk.link')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

/**
 * Links the selected devices, groups or users to one geofence, notification or group, or unlinks
 * them from it, through `/api/permissions/bulk`: one request, all of the rows or none.
 */
export const BulkLinkAction = ({ target }: { target: BulkLinkTarget }) => {
  const owner = useResourceContext() ?? '';
  const { can } = useAccess();
  const [open, setOpen] = useState(false);
  if (!OWNER_KEYS[owner] || !can('link', owner) || !can('list', target)) return null;
  return (
    <>
      <Button label={`lists.bulk.linkAction.${target}`} onClick={() => setOpen(true)}>
        {TARGETS[target].icon}
      </Button>
      {open && <LinkDialog owner={owner} target={target} onClose={() => setOpen(false)} />}
    </>
  );
};
