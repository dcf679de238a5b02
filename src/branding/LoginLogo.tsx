import { Box } from '@mui/material';
import { BrandLogo } from './BrandLogo';
import type { BrandConfig } from '../../model/brand';
import { ASSET_FILES } from '../../model/theme';
import { assetUrl } from './assetUrl';

/** The login logo when one was uploaded and enabled, else the internal logo. */
export const LoginLogo = ({ brand }: { brand: BrandConfig }) =>
  brand.loginLogo ? (
    <Box
      component="img"
      src={assetUrl(ASSET_FILES.logoLogin, brand)}
      alt={brand.title}
      sx={{ width: '60%', maxHeight: 120, objectFit: 'contain', display: 'block' }}
    />
  ) : (
    <BrandLogo variant="h4" width="60%" brand={brand} />
  );
