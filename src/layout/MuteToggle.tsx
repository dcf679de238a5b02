import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useMute } from '../alerts/useMute';

/** Mutes notification sounds; the choice is kept in this browser. */
export const MuteToggle = () => {
  const translate = useTranslate();
  const [muted, setMuted] = useMute();
  const label = translate(muted ? 'header.unmute' : 'header.mute');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-pressed={muted}
        data-testid="mute-toggle"
        onClick={() => setMuted(!muted)}
      >
        {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
    </Tooltip>
  );
};
