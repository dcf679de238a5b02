import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import type { User } from '../../model/user';
import { ToastHost } from '../alerts/ToastHost';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { BrandLogo, logoWidth } from '../branding/BrandLogo';
import { WhatsAppButton } from '../branding/WhatsAppButton';
import { LiveConnection } from '../live/LiveConnection';
import { lazyPage } from '../loading/lazyPage';
import { ErrorPage } from '../loading/raPages';
import { isShareViewer } from '../authProvider/shareViewer';
import { DeferredBarTools } from './DeferredBarTools';
import { Frame } from '../common/frame/Frame';
import { useDocumentTitle } from '../common/frame/useDocumentTitle';
import { Menu } from './Menu';
import { TwoFactorGuard } from './TwoFactorGuard';

// Only a shared link's viewer gets this frame, with its countdown and sign-out menu.
// A frame: it fills the window itself, the progress bar alone stands in for it.
const ShareViewerLayout = lazyPage(
  () => import('../shares/ShareViewer').then((m) => m.ShareViewerLayout),
  { skeleton: 'none' },
);

const Logo = () => {
  const { server, brand } = useServerInfo();
  return (
    <Box sx={{ width: 180, height: 40, display: 'flex', alignItems: 'center', mr: 2 }}>
      <BrandLogo width={logoWidth(brand.logoWidth, server.attributes)} />
    </Box>
  );
};

/** Keeps the browser tab's title on the page's name; a component so the frame is mounted first. */
const DocumentTitle = () => {
  useDocumentTitle(useServerInfo().brand.title);
  return null;
};

export const Layout = ({ children }: { children: ReactNode }) => {
  const { permissions: user } = usePermissions<User | null>();
  // A shared-link viewer gets the map alone: no menu, only logout and the countdown.
  if (user && isShareViewer(user)) {
    return <ShareViewerLayout>{children}</ShareViewerLayout>;
  }
  return (
    <Frame logo={<Logo />} bar={<DeferredBarTools />} menu={<Menu />} errorPage={ErrorPage}>
      <DocumentTitle />
      <TwoFactorGuard />
      <LiveConnection />
      <ToastHost />
      <WhatsAppButton />
      {children}
    </Frame>
  );
};
