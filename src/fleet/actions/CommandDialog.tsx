import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';
import type { SavedCommand } from '../../dataProvider/commands';
import { savedCommandsQuery } from './nativeCommands';

interface CommandDialogProps {
  deviceId: number;
  onClose: () => void;
  onSend: (command: SavedCommand) => void;
}

/** Picks one of the saved commands the device accepts (GET /api/commands/send?deviceId=). */
export const CommandDialog = ({ deviceId, onClose, onSend }: CommandDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [chosen, setChosen] = useState<number | ''>('');
  const list = useQuery({
    queryKey: savedCommandsQuery(deviceId),
    queryFn: () => dataProvider.getSavedCommands(deviceId),
    retry: false,
  });
  // A list that failed to load reads as empty.
  const commands = list.isError ? [] : list.data;
  const command = commands?.find((item) => item.id === chosen);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('actions.command')}</DialogTitle>
      <DialogContent>
        {commands && !commands.length ? (
          <Typography>{translate('actions.noCommands')}</Typography>
        ) : (
          <TextField
            select
            fullWidth
            sx={{ mt: 1 }}
            label={translate('actions.chooseCommand')}
            value={chosen}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {(commands ?? []).map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.description || item.type}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('actions.cancel')}</Button>
        <Button variant="contained" disabled={!command} onClick={() => command && onSend(command)}>
          {translate('actions.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
