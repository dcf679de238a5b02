import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Fab, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The floating button that opens a WhatsApp chat with the brand's number (`href`). */
export const WhatsAppFab = ({ href }: { href: string }) => {
  const translate = useTranslate();
  const label = translate('whatsapp.label');
  return (
    <Tooltip title={label} placement="left">
      <Fab
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        data-testid="whatsapp-button"
        sx={{
          position: 'fixed',
          right: 24,
          bottom: 40,
          zIndex: (theme) => theme.zIndex.speedDial,
          bgcolor: '#25d366',
          color: '#ffffff',
          '&:hover': { bgcolor: '#1da851' },
        }}
      >
        <WhatsAppIcon />
      </Fab>
    </Tooltip>
  );
};
