import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways what is wider than the screen (a table on a phone). It takes the
 * keyboard focus, so the arrow keys scroll it, and names what it holds for a screen reader
 * (`label`, already translated).
 */
export const ScrollRegion = ({
  label,
  children,
  sx,
}: {
  label: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) => (
  <Box
    tabIndex={0}
    role="region"
    aria-label={label}
    sx={[
      {
        overflowX: 'auto',
        '&:focus-visible': (theme) => ({
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: -2,
        }),
      },
      ...(Array.isArray(sx) ? sx : [sx]),
    ]}
  >
    {children}
  </Box>
);
