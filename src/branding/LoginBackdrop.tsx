import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import type { BrandConfig } from '../../model/brand';
import { ASSET_FILES, type ThemeColors } from '../../model/theme';
import { assetUrl } from './assetUrl';

interface LoginBackdropProps {
  brand: BrandConfig;
  colors: ThemeColors;
  /** Fill the viewport (the real pages) or the box it is in (the editor's preview). */
  fullPage?: boolean;
  children: ReactNode;
}

/**
 * The public pages' background: the login colour, the uploaded image over it (cover) when
 * enabled, and the filter colour laid over both.
 */
export const LoginBackdrop = ({ brand, colors, fullPage = true, children }: LoginBackdropProps) => {
  const image = brand.loginBackground
    ? `url("${assetUrl(ASSET_FILES.background, brand)}")`
    : 'none';
  return (
    <Box
      component={fullPage ? 'main' : 'div'}
      data-testid="login-backdrop"
      sx={{
        position: 'relative',
        minHeight: fullPage ? '100vh' : 360,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        backgroundColor: colors['--tk-login-bg'],
        backgroundImage: image,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: 0,
          backgroundColor: colors['--tk-login-filter'],
          pointerEvents: 'none',
        },
        '& > *': { position: 'relative' },
      }}
    >
      {children}
    </Box>
  );
};
