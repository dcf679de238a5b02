import LoginIcon from '@mui/icons-material/Login';
import { IconButton, Tooltip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { User } from '../../../model/user';
import { useAccess } from '../../authProvider/useAccess';
import type { FrotaDataProvider } from '../../dataProvider';
import { useErrorText } from '../../dataProvider/featureErrors';

/**
 * Whether the signed-in user may sign in as `target` (the server decides: administrators as
 * anyone, managers as the users they manage, nobody but an administrator as an administrator).
 */
const mayLoginAs = (me: User | null, target: User | undefined): boolean =>
  Boolean(me && target && target.id !== me.id && (me.administrator || !target.administrator));

/** Signs this session in as the user, then reloads so every screen shows their account. */
const useLoginAs = () => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const notify = useNotify();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const loginAs = async (id: number) => {
    setBusy(true);
    try {
      await dataProvider.impersonate(id);
      window.location.assign('/');
    } catch (error) {
      notify('signIn.impersonation.failed', {
        type: 'error',
        messageArgs: { error: errorText(error) },
      });
      setBusy(false);
    }
  };
  return { busy, loginAs };
};

/** "Sign in as" in a users list row (an icon, so the row keeps its width). */
export const LoginAsIconButton = () => {
  const translate = useTranslate();
  const record = useRecordContext<User>();
  const { user } = useAccess();
  const { busy, loginAs } = useLoginAs();
  if (!record || !mayLoginAs(user, record)) return null;
  const label = translate('signIn.impersonation.loginAsUser', { name: record.name });
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        disabled={busy}
        onClick={(event: MouseEvent) => {
          // The row itself opens the user's form.
          event.stopPropagation();
          void loginAs(record.id);
        }}
      >
        <LoginIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** "Sign in as" in the user form's top toolbar. */
export const LoginAsButton = () => {
  const record = useRecordContext<User>();
  const { user } = useAccess();
  const { busy, loginAs } = useLoginAs();
  if (!record || !mayLoginAs(user, record)) return null;
  return (
    <Button
      label="signIn.impersonation.loginAs"
      disabled={busy}
      onClick={() => void loginAs(record.id)}
      data-testid="login-as"
    >
      <LoginIcon />
    </Button>
  );
};
