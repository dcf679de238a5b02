import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Box,
  IconButton,
  ListItemText,
  MenuItem,
  Select,
  Slider,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { playbackMs, SPEEDS } from './playback';
import { formatElapsed } from './ReportProgress';
import type { usePlayback } from './usePlayback';

type Playback = ReturnType<typeof usePlayback>;

/**
 * Play / pause, the position slider and the speed, with what the cursor shows below (`caption`).
 * Each speed says how long the whole route takes at it. The slider has a row of its own on a
 * phone, the whole width of the sheet; on a wider screen it sits between the buttons.
 */
export const PlaybackBar = ({ playback, caption }: { playback: Playback; caption: string }) => {
  const translate = useTranslate();
  const playLabel = translate(playback.playing ? 'reports.history.pause' : 'reports.history.play');
  return (
    <Box
      data-testid="playback"
      data-index={playback.index}
      data-playing={playback.playing}
      data-speed={playback.speed}
      sx={{
        display: 'grid',
        alignItems: 'center',
        columnGap: 1,
        px: 1.5,
        pt: 0.5,
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        gridTemplateAreas: {
          xs: '"play caption speed" "slider slider slider"',
          sm: '"play slider speed" "caption caption caption"',
        },
      }}
    >
      <Tooltip title={playLabel}>
        <IconButton
          aria-label={playLabel}
          onClick={playback.playing ? playback.pause : playback.play}
          color="primary"
          sx={{ gridArea: 'play' }}
        >
          {playback.playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
      </Tooltip>
      <Slider
        size="small"
        min={0}
        max={1000}
        value={Math.round(playback.progress * 1000)}
        onChange={(_, value) => playback.seek((value as number) / 1000)}
        aria-label={translate('reports.history.scrubber')}
        sx={{ gridArea: 'slider', minWidth: 0, mx: { xs: 1, sm: 0 }, width: 'auto' }}
      />
      <Select
        size="small"
        value={playback.speed}
        onChange={(event) => playback.setSpeed(Number(event.target.value))}
        renderValue={(speed) => `${speed}×`}
        SelectDisplayProps={{ 'aria-label': translate('reports.history.speed') }}
        sx={{ gridArea: 'speed', minWidth: 84 }}
      >
        {SPEEDS.map((speed) => (
          <MenuItem key={speed} value={speed}>
            <ListItemText
              primary={`${speed}×`}
              secondary={translate('reports.history.playsIn', {
                duration: formatElapsed(playbackMs(playback.duration, speed)),
              })}
            />
          </MenuItem>
        ))}
      </Select>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="playback-current"
        noWrap
        sx={{ gridArea: 'caption', minWidth: 0, px: { xs: 0, sm: 0.5 } }}
      >
        {caption}
      </Typography>
    </Box>
  );
};
