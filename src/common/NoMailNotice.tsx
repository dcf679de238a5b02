import { Alert, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';

/**
 * Said where reports are scheduled while the server cannot send mail (`emailEnabled` false): a
 * schedule saved then is kept, but nothing reaches anyone until mail is set up.
 */
export const NoMailNotice = ({ sx }: { sx?: SxProps<Theme> }) => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  if (server.emailEnabled) return null;
  return (
    <Alert severity="warning" data-testid="no-mail-notice" sx={sx}>
      {translate('scheduledReports.noMail')}
    </Alert>
  );
};
