import type { ComponentProps } from 'react';
import { Navigate } from 'react-router-dom';
import { getCurrentUser } from '../authProvider/currentUser';
import { Layout } from './Layout';
import { isDriverUser } from '../authProvider/driverUser';

/** Driver accounts never see the map, menus or admin screens: they go to `/qr-driver`. */
export const DriverAwareLayout = (props: ComponentProps<typeof Layout>) =>
  isDriverUser(getCurrentUser()) ? <Navigate to="/qr-driver" replace /> : <Layout {...props} />;
