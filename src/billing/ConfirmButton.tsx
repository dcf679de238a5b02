import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useErrorText } from '../dataProvider/featureErrors';

/**
 * A button that asks first, then runs `run`; tells the outcome (the server's error translated
 * when known) and calls `onDone` either way so the list is reloaded.
 */
export const ConfirmButton = ({
  label,
  confirm,
  run,
  onDone,
  color = 'primary',
}: {
  label: string;
  confirm: string;
  run: () => Promise<unknown>;
  onDone: () => void;
  color?: 'primary' | 'error' | 'success' | 'warning';
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const action = useMutation({
    mutationFn: run,
    onSuccess: () => notify('billing.done', { type: 'success' }),
    onError: (error) =>
      notify('billing.failed', { type: 'error', messageArgs: { error: errorText(error) } }),
    onSettled: () => {
      setOpen(false);
      onDone();
    },
  });
  const busy = action.isPending;

  return (
    <>
      <Button size="small" color={color} onClick={() => setOpen(true)} disabled={busy}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        busy={busy}
        title={label}
        message={confirm}
        confirmLabel={translate('billing.confirm')}
        cancelLabel={translate('billing.close')}
        onConfirm={() => action.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
};
