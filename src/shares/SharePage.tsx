import { Box, CircularProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { setCurrentUser } from '../authProvider/currentUser';
import type { FrotaDataProvider } from '../dataProvider';

const INVALID_SHARE_PATH = '/login?share=invalid';

/**
 * `/share/:token`: trades the token (in a POST body) for a cookie session that ends with the
 * share, then replaces this history entry with `/home` so the token is not kept in history.
 */
export const SharePage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const open = useMutation({
    mutationFn: (shareToken: string) => dataProvider.openShareSession(shareToken),
    onSuccess: () => {
      // A full load (replacing this entry) so react-admin's cached "signed out" state from
      // the first render is dropped and the cookie session is picked up afresh.
      window.location.replace('/home');
    },
    onError: () => {
      setCurrentUser(null);
      navigate(INVALID_SHARE_PATH, { replace: true });
    },
  });
  const { mutate } = open;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Out of the address bar at once, whatever the answer.
    window.history.replaceState(window.history.state, '', '/share');
    mutate(token);
  }, [mutate, token]);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        height: '100vh',
      }}
    >
      <CircularProgress size={24} />
      <Typography>{translate('shares.opening')}</Typography>
    </Box>
  );
};
