import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { AccessResource } from './canAccess';
import { useAccess } from './useAccess';

/**
 * A screen outside react-admin's resources, shown only to a user the access table lets reach it
 * (`canAccess.ts`). Anyone else opening its address goes to the access-denied page, as react-admin
 * sends them from a resource they may not open, never to a blank frame. The server refuses the
 * screen's calls either way.
 */
export const RequireAccess = ({
  action,
  resource,
  children,
}: {
  action: 'list' | 'show' | 'edit';
  resource: AccessResource;
  children: ReactNode;
}) => {
  const { can, user } = useAccess();
  // Signed in but the account not read yet: nothing to decide on.
  if (!user) return null;
  return can(action, resource) ? <>{children}</> : <Navigate to="/access-denied" replace />;
};
