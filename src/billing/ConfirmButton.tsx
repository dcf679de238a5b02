import { Button } from '@mui/material';
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
  const [busy, setBusy] = useState(false);

  const go = async () => {
    setBusy(true);
    try {
      await run();
      notify('billing.done', { type: 'success' });
    } catch (error) {
      const text = errorText(error);
      notify('billing.failed', { type: 'error', messageArgs: { error: text } });
    } finally {
      setBusy(false);
      setOpen(false);
      onDone();
    }
  };

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
        onConfirm={() => void go()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
};
