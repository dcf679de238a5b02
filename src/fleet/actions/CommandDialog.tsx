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
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type SavedCommand, savedCommandsFor } from './commandApi';

interface CommandDialogProps {
  deviceId: number;
  onClose: () => void;
  onSend: (command: SavedCommand) => void;
}

/** Picks one of the saved commands the device accepts (GET /api/commands/send?deviceId=). */
export const CommandDialog = ({ deviceId, onClose, onSend }: CommandDialogProps) => {
  const translate = useTranslate();
  const [commands, setCommands] = useState<SavedCommand[] | null>(null);
  const [chosen, setChosen] = useState<number | ''>('');
  useEffect(() => {
    savedCommandsFor(deviceId)
      .then(setCommands)
      .catch(() => setCommands([]));
  }, [deviceId]);
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
