import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import {
  Box,
  IconButton,
  Paper,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';

export const PANEL_WIDTH = 380;
const EXPANDED_WIDTH = 640;

interface PanelProps {
  title: ReactNode;
  /** Where the back button goes; no back button without it. */
  backTo?: string;
  /** On phones, open as a bottom sheet over the map instead of a full-height side panel. */
  bottomSheet?: boolean;
  testId: string;
  children: ReactNode;
}

/** `?expand=true|false` widens the panel; the state lives in the URL so links keep it. */
export const useExpanded = (): [boolean, (expanded: boolean) => void] => {
  const [params, setParams] = useSearchParams();
  const expanded = params.get('expand') === 'true';
  const setExpanded = (next: boolean) => {
    const copy = new URLSearchParams(params);
    copy.set('expand', String(next));
    setParams(copy, { replace: true });
  };
  return [expanded, setExpanded];
};

const IconAction = ({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) => (
  <Tooltip title={label}>
    <IconButton size="small" aria-label={label} onClick={onClick}>
      {children}
    </IconButton>
  </Tooltip>
);

/** The side panel over the map: back, title, expand toggle, close (to /home). */
export const Panel = ({ title, backTo, bottomSheet, testId, children }: PanelProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useExpanded();
  const mobile = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const sheet = mobile && bottomSheet;
  const placement = sheet
    ? {
        left: 0,
        right: 0,
        bottom: 0,
        maxHeight: expanded ? '90%' : '55%',
        borderRadius: '12px 12px 0 0',
      }
    : {
        top: 0,
        bottom: 0,
        left: 0,
        width: mobile ? '100%' : expanded ? EXPANDED_WIDTH : PANEL_WIDTH,
      };
  return (
    <Paper
      data-testid={testId}
      data-expanded={expanded}
      elevation={4}
      square={!sheet}
      sx={{
        position: 'absolute',
        zIndex: 1100,
        display: 'flex',
        flexDirection: 'column',
        ...placement,
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
          <IconAction label={translate('detail.back')} onClick={() => navigate(backTo)}>
            <ArrowBackIcon fontSize="small" />
          </IconAction>
        )}
        <Typography variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <IconAction
          label={translate(expanded ? 'detail.collapse' : 'detail.expand')}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? (
            <CloseFullscreenIcon fontSize="small" />
          ) : (
            <OpenInFullIcon fontSize="small" />
          )}
        </IconAction>
        <IconAction label={translate('detail.close')} onClick={() => navigate('/home')}>
          <CloseIcon fontSize="small" />
        </IconAction>
      </Box>
      <Box
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}
      >
        {children}
      </Box>
    </Paper>
  );
};
