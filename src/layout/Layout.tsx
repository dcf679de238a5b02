import type { ReactNode } from 'react';
import { Layout as RaLayout, usePermissions } from 'react-admin';
import { LiveConnection } from '../live/LiveConnection';
import type { User } from '../../model/user';
import { ToastHost } from '../alerts/ToastHost';
import { isShareViewer } from '../shares/countdown';
import { ShareViewerLayout } from '../shares/ShareViewer';
import { WhatsAppButton } from '../branding/WhatsAppButton';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { TwoFactorGuard } from './TwoFactorGuard';

export const Layout = ({ children }: { children: ReactNode }) => {
  const { permissions: user } = usePermissions<User | null>();
  // A shared-link viewer gets the map alone: no menu, only logout and the countdown.
  if (user && isShareViewer(user)) {
    return <ShareViewerLayout>{children}</ShareViewerLayout>;
  }
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <TwoFactorGuard />
      <LiveConnection />
      <ToastHost />
      <WhatsAppButton />
      {children}
    </RaLayout>
  );
};
