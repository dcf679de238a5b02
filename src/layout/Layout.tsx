import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { LiveConnection } from '../live/LiveConnection';
import { ToastHost } from '../notifications/ToastHost';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu}>
    <LiveConnection />
    <ToastHost />
    {children}
  </RaLayout>
);
