import { useBrand } from '../bootstrap/ServerInfoContext';
import { lazyPage } from '../loading/lazyPage';
import { whatsappDigits } from '../../model/theme';

/** `https://wa.me/<digits>`, or null when no usable number is configured. */
export const whatsappLink = (number: string): string | null => {
  const digits = whatsappDigits(number);
  return digits ? `https://wa.me/${digits}` : null;
};

// Most brands have no number: the button's code comes only for those that do.
const WhatsAppFab = lazyPage(() => import('./WhatsAppFab').then((m) => m.WhatsAppFab), {
  quiet: true,
  early: true,
});

/** The floating WhatsApp button: only when the branding has a number. */
export const WhatsAppButton = () => {
  const href = whatsappLink(useBrand().whatsapp);
  return href ? <WhatsAppFab href={href} /> : null;
};
