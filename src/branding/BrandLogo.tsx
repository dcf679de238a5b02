import { Box, Typography } from '@mui/material';
import { useBrand } from '../bootstrap/ServerInfoContext';
import type { BrandConfig } from '../../model/brand';
import { ASSET_FILES } from '../../model/theme';
import { assetUrl } from './assetUrl';

const DEFAULT_LOGO_WIDTH = '80%';

/**
 * The logo width in percent: the theme editor's logo size, else the server attribute
 * `tarkan.logoWidth`, else 80.
 */
export const logoWidth = (
  brandWidth: number | null,
  attributes: Record<string, unknown>,
): string => {
  const value = brandWidth ?? Number.parseFloat(String(attributes['tarkan.logoWidth'] ?? ''));
  return value > 0 ? `${Math.min(value, 100)}%` : DEFAULT_LOGO_WIDTH;
};

interface BrandLogoProps {
  /** CSS width of the image logo, e.g. `80%`. */
  width?: string;
  /** Colour of the text logo. */
  color?: string;
  variant?: 'h6' | 'h4';
  /** A brand other than the published one (the theme editor's preview). */
  brand?: BrandConfig;
}

/** The brand's logo image when the branding says so, else its name as text. */
export const BrandLogo = ({
  width = '80%',
  color = 'inherit',
  variant = 'h6',
  brand,
}: BrandLogoProps) => {
  const published = useBrand();
  const shown = brand ?? published;
  if (shown.headLogo.image) {
    return (
      <Box
        component="img"
        src={assetUrl(ASSET_FILES.logo, shown)}
        alt={shown.title}
        sx={{ width, maxHeight: '100%', objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return (
    <Typography variant={variant} component="span" sx={{ color, fontWeight: 600 }} noWrap>
      {shown.headLogo.text || shown.title}
    </Typography>
  );
};
