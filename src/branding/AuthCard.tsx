import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBrand, useThemeColors } from '../bootstrap/ServerInfoContext';
import { LanguageSelector } from '../i18n/LanguageSelector';
import type { BrandConfig } from '../../model/brand';
import type { ThemeColors } from '../../model/theme';
import { LoginBackdrop } from './LoginBackdrop';
import { LoginLogo } from './LoginLogo';
import { WhatsAppButton } from './WhatsAppButton';

interface AuthCardViewProps {
  brand: BrandConfig;
  colors: ThemeColors;
  title?: string;
  fullPage?: boolean;
  children: ReactNode;
}

/** The card over the branded backdrop, for a given brand (the theme editor previews drafts). */
export const AuthCardView = ({ brand, colors, title, fullPage, children }: AuthCardViewProps) => (
  <LoginBackdrop brand={brand} colors={colors} fullPage={fullPage}>
    <Card sx={{ width: 400, maxWidth: '100%' }} elevation={8}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', color: 'primary.main', mb: 1 }}>
          <LoginLogo brand={brand} />
        </Box>
        {title && (
          <Typography variant="h6" component="h1" align="center">
            {title}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  </LoginBackdrop>
);

interface AuthCardProps {
  title?: string;
  children: ReactNode;
}

/** The frame of the public pages (login, register, recover, maintenance): logo over a card. */
export const AuthCard = ({ title, children }: AuthCardProps) => {
  const brand = useBrand();
  const colors = useThemeColors();
  return (
    <>
      <AuthCardView brand={brand} colors={colors} title={title}>
        {children}
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
          <LanguageSelector />
        </Box>
      </AuthCardView>
      <WhatsAppButton />
    </>
  );
};
