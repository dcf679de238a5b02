import type { ReactNode } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { Button, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAccess } from '../../authProvider/useAccess';

/** Opens the audit records of the edited user or device (admins of a plus server). */
const LogsButton = ({ kind }: { kind: 'users' | 'devices' }) => {
  const record = useRecordContext();
  const { can } = useAccess();
  const translate = useTranslate();
  if (!record?.id || !can('list', 'logs')) return null;
  return (
    <Button
      component={Link}
      to={`/logs/${kind}/${record.id}`}
      label={translate('logs.button')}
      data-testid="logs-button"
    >
      <HistoryIcon />
    </Button>
  );
};

/** The edit page's top toolbar with the logs button (user and device forms), after `children`. */
export const LogsToolbar = ({
  kind,
  children,
}: {
  kind: 'users' | 'devices';
  children?: ReactNode;
}) => (
  <TopToolbar>
    {children}
    <LogsButton kind={kind} />
  </TopToolbar>
);
