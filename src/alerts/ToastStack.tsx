import CloseIcon from '@mui/icons-material/Close';
import PushPinIcon from '@mui/icons-material/PushPin';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type ToastColor, TOAST_POSITIONS, type ToastPosition } from './toastOptions';
import { type Toast, toastStore, useToasts } from './toastStore';

const COLORS: Record<ToastColor, { bg: string; fg: string }> = {
  'soft-red': { bg: '#fdecea', fg: '#611a15' },
  red: { bg: '#d32f2f', fg: '#fff' },
  'soft-green': { bg: '#edf7ed', fg: '#1e4620' },
  green: { bg: '#2e7d32', fg: '#fff' },
  'soft-yellow': { bg: '#fff4e5', fg: '#663c00' },
  yellow: { bg: '#f9a825', fg: '#212121' },
  'soft-info': { bg: '#e8f4fd', fg: '#0d3c61' },
  info: { bg: '#0288d1', fg: '#fff' },
};

/**
 * Bottom toasts stand clear of what lives in the screen's bottom corners: the map's zoom buttons
 * and attribution (right) and a list's floating create button, so an alert never hides them.
 */
const BOTTOM_CLEARANCE = 104;

const corner = (position: ToastPosition) => ({
  [position.startsWith('top') ? 'top' : 'bottom']: position.startsWith('top')
    ? 72
    : BOTTOM_CLEARANCE,
  [position.endsWith('left') ? 'left' : 'right']: 16,
});

const ToastCard = ({ toast }: { toast: Toast }) => {
  const translate = useTranslate();
  const { bg, fg } = COLORS[toast.options.color];
  const muted = toast.soundState === 'muted' || toast.soundState === 'mute';
  return (
    <Paper
      role="status"
      data-testid="toast"
      data-color={toast.options.color}
      data-position={toast.options.position}
      data-sound={toast.soundState}
      data-pinned={toast.options.durationMs === null}
      elevation={6}
      sx={{
        bgcolor: bg,
        color: fg,
        p: 1.5,
        width: 320,
        display: 'flex',
        gap: 1,
        pointerEvents: 'auto',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap>
          {toast.title}
        </Typography>
        <Typography variant="body2">{toast.message}</Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <IconButton
          size="small"
          sx={{ color: fg }}
          aria-label={translate('toasts.close')}
          onClick={() => toastStore.dismiss(toast.key)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
        <Box
          component="span"
          title={
            muted
              ? translate('toasts.soundMuted')
              : translate('toasts.sound', { sound: toast.soundState })
          }
          sx={{ display: 'inline-flex', opacity: 0.7 }}
        >
          {muted ? <VolumeOffIcon sx={{ fontSize: 14 }} /> : <VolumeUpIcon sx={{ fontSize: 14 }} />}
        </Box>
        {toast.options.durationMs === null && <PushPinIcon sx={{ fontSize: 14, opacity: 0.7 }} />}
      </Box>
    </Paper>
  );
};

/** One stack per corner; each toast's text is rendered as plain text. */
export const ToastStack = () => {
  const toasts = useToasts();
  return (
    <>
      {TOAST_POSITIONS.map((position) => {
        const here = toasts.filter((toast) => toast.options.position === position);
        if (!here.length) return null;
        return (
          <Box
            key={position}
            sx={{
              position: 'fixed',
              zIndex: 1500,
              display: 'flex',
              flexDirection: position.startsWith('top') ? 'column' : 'column-reverse',
              gap: 1,
              pointerEvents: 'none',
              ...corner(position),
            }}
          >
            {here.map((toast) => (
              <ToastCard key={toast.key} toast={toast} />
            ))}
          </Box>
        );
      })}
    </>
  );
};
