import SendIcon from '@mui/icons-material/Send';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  type Identifier,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { can as canDo } from '../../../authProvider/permissions';
import { useAccess } from '../../../authProvider/useAccess';
import type { FrotaDataProvider } from '../../../dataProvider';
import { serverErrorMessage } from '../../../dataProvider/serverErrors';
import { useRecordLabel } from '../recordLabel';
import { useItemsText } from './selectionText';

const ALL = { page: 1, perPage: 100_000 };

interface Outcome {
  sent: number;
  queued: number;
  failed: number;
  /** The first refusal's text (a translation key where the screens know it). */
  reason: string;
}

/** Sends the saved command to every device, each on its own: one refusal stops no other. */
const sendToEach = async (
  dataProvider: FrotaDataProvider,
  commandId: number,
  deviceIds: Identifier[],
): Promise<Outcome> => {
  const results = await Promise.allSettled(
    deviceIds.map((deviceId) =>
      dataProvider.sendCommand({ id: commandId, deviceId: Number(deviceId) }),
    ),
  );
  const outcome: Outcome = { sent: 0, queued: 0, failed: 0, reason: '' };
  for (const result of results) {
    if (result.status === 'fulfilled') outcome[result.value] += 1;
    else {
      outcome.failed += 1;
      const error: unknown = result.reason;
      outcome.reason ||= error instanceof Error ? serverErrorMessage(error.message) : '';
    }
  }
  return outcome;
};

const CommandDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const itemsText = useItemsText('device-admin');
  const labelOf = useRecordLabel('commands');
  const [chosen, setChosen] = useState<number | ''>('');
  const { data: commands, isError } = useGetList('commands', {
    pagination: ALL,
    sort: { field: 'description', order: 'ASC' },
  });
  const command = commands?.find((row) => row.id === chosen);
  const send = useMutation({
    mutationFn: () => sendToEach(dataProvider, Number(chosen), selectedIds),
    onSuccess: ({ sent, queued, failed, reason }) => {
      const parts = [
        sent && translate('lists.bulk.command.sent', { smart_count: sent }),
        queued && translate('lists.bulk.command.queued', { smart_count: queued }),
        failed &&
          translate('lists.bulk.command.failed', {
            smart_count: failed,
            reason: reason ? translate(reason, { _: reason }) : '—',
          }),
      ].filter(Boolean);
      notify('lists.bulk.command.result', {
        type: failed ? 'warning' : 'info',
        messageArgs: { command: command ? labelOf(command) : '', outcome: parts.join('; ') },
      });
      if (!failed) onUnselectItems();
      onClose();
    },
  });
  // A list that failed to load reads as empty.
  const available = isError ? [] : commands;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {translate('lists.bulk.command.title', { items: itemsText(selectedIds.length) })}
      </DialogTitle>
      <DialogContent>
        {available && available.length === 0 ? (
          <Typography>{translate('lists.bulk.command.none')}</Typography>
        ) : (
          <TextField
            select
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            label={translate('resources.commands.name', { smart_count: 1 })}
            value={chosen}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {(available ?? []).map((row) => (
              <MenuItem key={row.id} value={row.id}>
                {labelOf(row)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={send.isPending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton
          variant="contained"
          onClick={() => send.mutate()}
          disabled={chosen === '' || send.isPending}
        >
          {translate('lists.bulk.command.send')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

/**
 * Sends one saved command to every selected device: at once to those connected, queued for the
 * others until they connect; the toast says how many of each, and why any failed.
 */
export const BulkCommandAction = () => {
  const { access, can } = useAccess();
  const [open, setOpen] = useState(false);
  if (!canDo(access, 'sendCommand') || !can('list', 'commands')) return null;
  return (
    <>
      <Button label="lists.bulk.command.action" onClick={() => setOpen(true)}>
        <SendIcon />
      </Button>
      {open && <CommandDialog onClose={() => setOpen(false)} />}
    </>
  );
};
