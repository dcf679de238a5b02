import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  circleStep,
  drawnShape,
  type EditorEvent,
  type EditorState,
  type ShapeType,
} from './editorState';

const SHAPES: ShapeType[] = ['circle', 'polygon', 'polyline'];

const hintFor = (state: EditorState): string => {
  if (state.mode === 'off') return 'admin.geofence.hints.off';
  const step = circleStep(state);
  if (step === 1) return 'admin.geofence.hints.centre';
  if (step === 2) return 'admin.geofence.hints.radius';
  if (step === 3) return 'admin.geofence.hints.done';
  return 'admin.geofence.hints.points';
};

/** The shape picker, then the 'Concluir' / cancel bar while drawing. */
export const GeofenceEditBar = ({
  state,
  dispatch,
}: {
  state: EditorState;
  dispatch: (event: EditorEvent) => void;
}) => {
  const translate = useTranslate();
  const editing = state.mode !== 'off';
  return (
    <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" sx={{ mb: 1 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state.mode === 'drawing' ? state.type : editing ? 'circle' : null}
        onChange={(_, shape: ShapeType | null) => shape && dispatch({ type: 'enable', shape })}
      >
        {SHAPES.map((shape) => (
          <ToggleButton key={shape} value={shape}>
            {translate(`admin.geofence.shapes.${shape}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" data-testid="geofence-hint">
        {translate(hintFor(state))}
      </Typography>
      {editing && (
        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<CheckIcon />}
            disabled={!drawnShape(state)}
            onClick={() => dispatch({ type: 'finish' })}
          >
            {translate('admin.geofence.finish')}
          </Button>
          <Button
            size="small"
            startIcon={<CloseIcon />}
            onClick={() => dispatch({ type: 'cancel' })}
          >
            {translate('ra.action.cancel')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
};
