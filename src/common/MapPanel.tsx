import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  IconButton,
  Paper,
  Tooltip,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactNode, Ref } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** A small icon button whose label is both its tooltip and its accessible name. */
export const PanelIconButton = ({
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

interface MapPanelProps {
  title: ReactNode;
  /** Where the back button goes; no back button without it. */
  backTo?: string;
  /** The title's element; by default the one of MUI's `subtitle1`. */
  titleComponent?: 'h2';
  /** Header buttons between the title and the close button. */
  actions?: ReactNode;
  testId: string;
  /** Where the panel sits over the map (position, size, corners). */
  placement: SxProps<Theme>;
  square?: boolean;
  /** The body scrolls itself (otherwise its children do). */
  scroll?: boolean;
  ref?: Ref<HTMLDivElement>;
  /** Extra `data-*` attributes of the panel element. */
  data?: Record<`data-${string}`, string | boolean>;
  /** Under the header row, outside the scrolling body (a sheet's playback). */
  subheader?: ReactNode;
  children: ReactNode;
}

/**
 * The shell of every panel over the map (the live device panels and the reports): back, title,
 * the panel's own header buttons, close (to /home), then the body.
 */
export const MapPanel = ({
  title,
  backTo,
  titleComponent,
  actions,
  testId,
  placement,
  square,
  scroll,
  ref,
  data,
  subheader,
  children,
}: MapPanelProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Paper
      ref={ref}
      data-testid={testId}
      {...data}
      elevation={4}
      square={square}
      sx={[
        { position: 'absolute', zIndex: 1100, display: 'flex', flexDirection: 'column' },
        ...(Array.isArray(placement) ? placement : [placement]),
      ]}
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
          <PanelIconButton label={translate('detail.back')} onClick={() => navigate(backTo)}>
            <ArrowBackIcon fontSize="small" />
          </PanelIconButton>
        )}
        <Typography
          {...(titleComponent ? { component: titleComponent } : {})}
          variant="subtitle1"
          noWrap
          sx={{ flex: 1, fontWeight: 600 }}
        >
          {title}
        </Typography>
        {actions}
        <PanelIconButton label={translate('detail.close')} onClick={() => navigate('/home')}>
          <CloseIcon fontSize="small" />
        </PanelIconButton>
      </Box>
      {subheader}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          ...(scroll ? { overflow: 'auto' } : {}),
        }}
      >
        {children}
      </Box>
    </Paper>
  );
};
