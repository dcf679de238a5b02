import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LanguageSelector } from '../i18n/LanguageSelector';
import { BrandLogo } from '../layout/BrandLogo';

interface AuthCardProps {
  title?: string;
  children: ReactNode;
}

/** The frame of the public pages (login, register, recover, maintenance): logo over a card. */
export const AuthCard = ({ title, children }: AuthCardProps) => (
  <Box
    component="main"
    sx={{
      minHeight: '100vh',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      p: 2,
      background: (theme) =>
        `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 100%)`,
    }}
  >
    <Card sx={{ width: 400, maxWidth: '100%' }} elevation={8}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', color: 'primary.main', mb: 1 }}>
          <BrandLogo variant="h4" width="60%" />
        </Box>
        {title && (
          <Typography variant="h6" component="h1" align="center">
            {title}
          </Typography>
        )}
        {children}
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
          <LanguageSelector />
        </Box>
      </CardContent>
    </Card>
  </Box>
);
