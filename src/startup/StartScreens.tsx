import { Alert, Box, Button, LinearProgress } from '@mui/material';
import type { AppLocale } from '../i18n/locales';
import { frameMessages } from './frameMessages';

/** The app's code or its messages did not arrive: say so, and reload to try again. */
export const StartFailed = ({ locale }: { locale: AppLocale }) => {
  const app = frameMessages(locale);
  return (
    <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {app.retry}
          </Button>
        }
      >
        {app.startFailed}
      </Alert>
    </Box>
  );
};

/** The bar at the top of the window while the app's code arrives. */
export const StartProgress = ({ locale }: { locale: AppLocale }) => (
  <LinearProgress
    aria-label={frameMessages(locale).loading}
    data-testid="start-loading"
    sx={{ position: 'fixed', inset: '0 0 auto 0' }}
  />
);
