import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { routeStore } from './routeStore';

/** Width of the report panels over the map (tables need more room than the device panel). */
export const REPORT_PANEL_WIDTH = 760;

/** The report shell over the live map: back (to the chooser), title, close (to /home). */
export const ReportPanel = ({
  title,
  backTo,
  testId,
  width = REPORT_PANEL_WIDTH,
  children,
}: {
  title: string;
  backTo?: string;
  testId: string;
  width?: number;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { canAccess, isPending } = useCanAccess({ resource: 'reports', action: 'list' });
  const paper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = paper.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => routeStore.setInset(element.offsetWidth));
    observer.observe(element);
    routeStore.setInset(element.offsetWidth);
    return () => {
      observer.disconnect();
      routeStore.setInset(0);
    };
  }, [canAccess]);
  if (isPending) return null;
  if (!canAccess) return <Navigate to="/home" replace />;
  return (
    <Paper
      ref={paper}
      data-testid={testId}
      elevation={4}
      square
      sx={{
        position: 'absolute',
        zIndex: 1100,
        top: 0,
        bottom: 0,
        left: 0,
        width: { xs: '100%', md: `min(${width}px, 70%)` },
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {backTo && (
          <Tooltip title={translate('detail.back')}>
            <IconButton
              size="small"
              aria-label={translate('detail.back')}
              onClick={() => navigate(backTo)}
            >
              <ArrowBackIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Typography component="h2" variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <Tooltip title={translate('detail.close')}>
          <IconButton
            size="small"
            aria-label={translate('detail.close')}
            onClick={() => navigate('/home')}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{children}</Box>
    </Paper>
  );
};
