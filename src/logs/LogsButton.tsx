import HistoryIcon from '@mui/icons-material/History';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAccess } from '../authProvider/useAccess';

/** Opens the audit records of the edited user or device (admins of a plus server). */
export const LogsButton = ({ kind }: { kind: 'users' | 'devices' }) => {
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
