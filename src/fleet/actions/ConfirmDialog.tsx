import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useCallback, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

interface Pending {
  message: string;
  run: () => void;
}

/** Ask before acting; cancelling says 'action cancelled by the user' (action_cancel). */
export const useConfirm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (message: string, run: () => void) => setPending({ message, run }),
    [],
  );
  const cancel = () => {
    setPending(null);
    notify('actions.action_cancel', { type: 'info' });
  };
  const dialog = (
    <Dialog open={pending !== null} onClose={cancel} data-testid="confirm-dialog">
      <DialogContent>
        <DialogContentText>{pending?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{translate('actions.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            const run = pending?.run;
            setPending(null);
            run?.();
          }}
        >
          {translate('actions.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { confirm, dialog };
};
