import { Box, Typography } from '@mui/material';
import { useBrand } from '../bootstrap/ServerInfoContext';

export const LOGO_URL = '/tarkan/assets/custom/logo.png';

interface BrandLogoProps {
  /** CSS width of the image logo, e.g. `80%`. */
  width?: string;
  /** Colour of the text logo. */
  color?: string;
  variant?: 'h6' | 'h4';
}

/** The brand's logo image when the branding says so, else its name as text. */
export const BrandLogo = ({ width = '80%', color = 'inherit', variant = 'h6' }: BrandLogoProps) => {
  const brand = useBrand();
  if (brand.headLogo.image) {
    return (
      <Box
        component="img"
        src={LOGO_URL}
        alt={brand.title}
        sx={{ width, maxHeight: '100%', objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return (
    <Typography variant={variant} component="span" sx={{ color, fontWeight: 600 }} noWrap>
      {brand.headLogo.text || brand.title}
    </Typography>
  );
};
