import { AppBar, Box, Toolbar } from '@mui/material';
import { type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { TitlePortal } from 'react-admin';
import { ChunkProgress } from '../../loading/lazyPage';
import { MenuToggle } from './MenuToggle';
import { Sidebar } from './Sidebar';
import { SkipToContent } from './SkipToContent';

interface FrameProps {
  /** In the bar, after the title: the brand, the banner, the user's tools. */
  bar: ReactNode;
  /** Before the title (the brand's logo). */
  logo?: ReactNode;
  /** The menu column; none for a viewer who has nowhere to go. */
  menu?: ReactNode;
  /** react-admin's error page, for a screen that throws. */
  errorPage: (props: { error: Error; resetErrorBoundary: () => void }) => ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame: a bar on top, the menu column, the page. react-admin's own layout would do,
 * but it brings every part of its bar and menus (user menu, tooltips, the preferences inspector)
 * into the first screen's script; here each part loads when it is needed (docs/web-app-loading.md).
 * The page keeps react-admin's `#main-content` and title portal.
 */
export const Frame = ({ bar, logo, menu, errorPage, children }: FrameProps) => (
  <Box
    sx={{
      display: 'flex',
      flexDirection: 'column',
      minHeight: '100vh',
      bgcolor: 'background.default',
    }}
  >
    <SkipToContent />
    <AppBar position="fixed" color="primary" elevation={1}>
      <Toolbar variant="dense" sx={{ minHeight: { xs: 56, sm: 48 }, gap: 0.5 }}>
        {menu && <MenuToggle />}
        {logo}
        {/* The page's name: its one top-level heading, whatever the page below it holds. */}
        <TitlePortal variant="body1" component="h1" sx={{ flex: 1, minWidth: 0, m: 0 }} />
        {bar}
      </Toolbar>
    </AppBar>
    <Box component="main" sx={{ display: 'flex', flexGrow: 1, mt: { xs: 7, sm: 6 } }}>
      {menu && <Sidebar>{menu}</Sidebar>}
      <Box
        id="main-content"
        tabIndex={-1}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          flexBasis: 0,
          minWidth: 0,
          px: 1,
          outline: 'none',
        }}
      >
        <ErrorBoundary fallbackRender={errorPage}>
          <Suspense fallback={<ChunkProgress />}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  </Box>
);
