import {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  TextField,
  Typography,
  Button,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { searchMatches } from '../../../model/search';
import type { FrotaDataProvider } from '../../dataProvider';
import { type LinkOwnerKey, type LinkTarget, rowText } from './linkTargets';

interface LinkDialogProps {
  owner: { key: LinkOwnerKey; id: number };
  target: LinkTarget;
  open: boolean;
  onClose: () => void;
}

const ALL = { page: 1, perPage: 100_000 };

/** Every object the signed-in user reaches, ticked when linked to the owner; a tick (un)links. */
export const LinkDialog = ({ owner, target, open, onClose }: LinkDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const { data: rows = [], isPending } = useGetList(
    target.resource,
    { pagination: ALL, sort: { field: target.label, order: 'ASC' } },
    { enabled: open },
  );
  const linkedKey = ['links', target.resource, owner.key, owner.id];
  const { data: linked = [] } = useQuery({
    queryKey: linkedKey,
    queryFn: () => dataProvider.linkedIds(target.resource, { [owner.key]: owner.id }),
    enabled: open,
  });
  const linkedSet = useMemo(() => new Set(linked), [linked]);
  const visible = rows.filter(
    (row) =>
      !(target.key === 'managedUserId' && row.id === owner.id) &&
      searchMatches(rowText(row, target), search),
  );

  const toggle = useMutation({
    mutationFn: async (id: number) => {
      const change = linkedSet.has(id) ? dataProvider.unlink : dataProvider.link;
      await change({ key: owner.key, id: owner.id }, [{ key: target.key, id }]);
      await queryClient.invalidateQueries({ queryKey: linkedKey });
    },
    onError: (error) =>
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      }),
  });

  const title = translate(`resources.${target.resource}.name`, { smart_count: 2 });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{translate('admin.links.title', { name: title })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={translate('ra.action.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mt: 1 }}
        />
        {!isPending && visible.length === 0 && (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {translate('ra.navigation.no_results')}
          </Typography>
        )}
        <List dense sx={{ maxHeight: 420, overflow: 'auto' }}>
          {visible.map((row) => {
            const id = Number(row.id);
            const text = rowText(row, target);
            return (
              <ListItem key={id} disablePadding>
                <ListItemButton onClick={() => toggle.mutate(id)} disabled={toggle.isPending}>
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      checked={linkedSet.has(id)}
                      tabIndex={-1}
                      disableRipple
                      slotProps={{ input: { 'aria-label': text } }}
                    />
                  </ListItemIcon>
                  <ListItemText primary={text} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
