import { Button, Snackbar } from '@mui/material';
import { useTranslate } from 'react-admin';

interface UpdateOfferBarProps {
  onDismiss: () => void;
  onReload: () => void;
}

/** "A new version is available": later, or reload now into it. */
export const UpdateOfferBar = ({ onDismiss, onReload }: UpdateOfferBarProps) => {
  const translate = useTranslate();
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={translate('pwa.NEW_VERSION_AVAILABLE')}
      action={
        <>
          <Button color="inherit" onClick={onDismiss}>
            {translate('pwa.dismiss')}
          </Button>
          <Button color="inherit" sx={{ fontWeight: 'bold' }} onClick={onReload}>
            {translate('pwa.reload')}
          </Button>
        </>
      }
    />
  );
};
