import { useCallback, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../common/ConfirmDialog';

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
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message}
      confirmLabel={translate('actions.confirm')}
      cancelLabel={translate('actions.cancel')}
      onCancel={cancel}
      onConfirm={() => {
        const run = pending?.run;
        setPending(null);
        run?.();
      }}
      testId="confirm-dialog"
    />
  );
  return { confirm, dialog };
};
