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
          // Beside the map's zoom buttons (bottom-right), never over them, and below where the
          // bottom toasts stack. Below `md` react-admin's lists float their "+" (create) button
          // at right 20, bottom 60: there this one stands above it, both within reach.
          right: { xs: 20, md: 60 },
          bottom: { xs: 60 + 56 + 16, md: 28 },
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
