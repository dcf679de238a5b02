import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Fab, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBrand } from '../bootstrap/ServerInfoContext';
import { whatsappDigits } from '../../model/theme';

/** `https://wa.me/<digits>`, or null when no usable number is configured. */
export const whatsappLink = (number: string): string | null => {
  const digits = whatsappDigits(number);
  return digits ? `https://wa.me/${digits}` : null;
};

/** The floating WhatsApp button: only when the branding has a number. */
export const WhatsAppButton = () => {
  const translate = useTranslate();
  const brand = useBrand();
  const href = whatsappLink(brand.whatsapp);
  if (!href) return null;
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
