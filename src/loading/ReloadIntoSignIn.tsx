import { useEffect } from 'react';
import { ChunkProgress } from './lazyPage';

/**
 * `/login` inside the app (a session that ended, a sign-out): the sign-in page lives in the first
 * script only, so the page loads again there, which also leaves nothing of the old session.
 */
export const ReloadIntoSignIn = () => {
  useEffect(() => window.location.replace(window.location.href), []);
  return <ChunkProgress />;
};
