import { Box } from '@mui/material';
import { type ReactNode, useDeferredValue } from 'react';
import { useSidebarState } from 'react-admin';
import { lazyPage } from '../../loading/lazyPage';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH, useIsPhone } from './useFrameSizes';

// A phone opens the menu over the page: MUI's drawer (a modal) comes with the first opening.
const PhoneDrawer = lazyPage(() => import('./PhoneDrawer').then((m) => m.PhoneDrawer), {
  quiet: true,
  early: true,
});

/** The menu column beside the page, its icons alone when closed; a drawer on a phone. */
export const Sidebar = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useSidebarState();
  const isPhone = useIsPhone();
  // The menu's links mount in a render after the frame and the page: with them, the first
  // screen's commit was one long task.
  const linksShown = useDeferredValue(true, false);
  if (isPhone) {
    return open ? <PhoneDrawer onClose={() => setOpen(false)}>{children}</PhoneDrawer> : null;
  }
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH;
  return (
    <Box
      component="nav"
      className="RaSidebar-fixed"
      sx={{
        width,
        flexShrink: 0,
        // Clipped, not hidden: `hidden` would make the column a scroll container, and the sticky
        // menu inside would then keep 48 px from the column's top rather than the window's,
        // leaving a gap above the menu on every page taller than the window.
        overflowX: 'clip',
        transition: (theme) => theme.transitions.create('width'),
        '& > div': {
          position: 'sticky',
          top: 48,
          height: 'calc(100vh - 48px)',
          width,
          display: 'flex',
          flexDirection: 'column',
          overflowX: 'hidden',
          overflowY: 'auto',
        },
      }}
    >
      <div>{linksShown && children}</div>
    </Box>
  );
};
