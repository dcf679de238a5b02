import { Box, Drawer } from '@mui/material';
import type { ReactNode } from 'react';
import { SIDEBAR_WIDTH } from './useFrameSizes';

/** The menu over the page on a phone; a tap outside closes it. */
export const PhoneDrawer = ({
  children,
  onClose,
}: {
  children: ReactNode;
  onClose: () => void;
}) => (
  <Drawer variant="temporary" open onClose={onClose}>
    <Box
      component="nav"
      sx={{ width: SIDEBAR_WIDTH, display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      {children}
    </Box>
  </Drawer>
);
