import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One "label: value" line of the detail panel. */
export const InfoRow = ({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) => (
  <Box sx={{ display: 'flex', gap: 1, py: 0.25 }} data-testid={testId ?? 'info-row'}>
    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
      {label}
    </Typography>
    <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-word' }}>
      {children}
    </Typography>
  </Box>
);
