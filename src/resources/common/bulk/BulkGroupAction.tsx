import GroupsIcon from '@mui/icons-material/Workspaces';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import {
  Button,
  useGetList,
  useListContext,
  useNotify,
  useResourceContext,
  useTranslate,
  useUpdateMany,
} from 'react-admin';
import { useAccess } from '../../../authProvider/useAccess';
import { errorKey } from './deletion';
import { useItemsText } from './selectionText';

const ALL = { page: 1, perPage: 100_000 };

/** 0: out of any group, as Traccar stores it. */
const NO_GROUP = 0;

const GroupDialog = ({ resource, onClose }: { resource: string; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds, onUnselectItems } = useListContext();
  const itemsText = useItemsText(resource);
  const [groupId, setGroupId] = useState<number | ''>('');
  const { data: groups = [] } = useGetList('groups', {
    pagination: ALL,
    sort: { field: 'name', order: 'ASC' },
  });
  const [updateMany, { isPending }] = useUpdateMany();
  const apply = () => {
    if (groupId === '') return;
    const group = groups.find((row) => row.id === groupId);
    const items = itemsText(selectedIds.length);
    void updateMany(
      resource,
      { ids: selectedIds, data: { groupId } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(group ? 'lists.bulk.grouped' : 'lists.bulk.ungrouped', {
            type: 'info',
            messageArgs: { items, group: group?.name ?? '' },
          });
          onUnselectItems();
          onClose();
        },
        onError: (error) => notify(errorKey(error), { type: 'error' }),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {translate('lists.bulk.groupTitle', { items: itemsText(selectedIds.length) })}
      </DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          label={translate('resources.groups.name', { smart_count: 1 })}
          value={groupId}
          onChange={(event) => setGroupId(Number(event.target.value))}
        >
          <MenuItem value={NO_GROUP}>{translate('lists.bulk.noGroup')}</MenuItem>
          {groups.map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={isPending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton variant="contained" onClick={apply} disabled={groupId === '' || isPending}>
          {translate('lists.bulk.apply')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

/** Moves the selected devices into one group, or out of any (each device saved with its group). */
export const BulkGroupAction = () => {
  const resource = useResourceContext() ?? '';
  const { can } = useAccess();
  const [open, setOpen] = useState(false);
  if (!can('edit', resource) || !can('list', 'groups')) return null;
  return (
    <>
      <Button label="lists.bulk.groupAction" onClick={() => setOpen(true)}>
        <GroupsIcon />
      </Button>
      {open && <GroupDialog resource={resource} onClose={() => setOpen(false)} />}
    </>
  );
};
