import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { playSound } from '../../alerts/sounds';
import { SOUND_COUNT, soundFrom } from '../../alerts/toastOptions';
import { attr } from '../../common/formAttributes';
import { soundUrl } from '../common/validators';

const SOUNDS = [
  ...Array.from({ length: SOUND_COUNT }, (_, i) => ({
    id: `audio${i + 1}`,
    name: 'admin.sounds.builtin',
    n: i + 1,
  })),
  { id: 'mute', name: 'admin.sounds.mute', n: 0 },
  { id: 'custom', name: 'admin.sounds.custom', n: 0 },
];

/** `tarkan.sound` (audio1…audio24, mute, custom + `tarkan.soundURL`) with a preview button. */
export const SoundInput = () => {
  const translate = useTranslate();
  const sound = useWatch({ name: attr('tarkan.sound') }) as string | undefined;
  const url = useWatch({ name: attr('tarkan.soundURL') }) as string | undefined;
  const choices = SOUNDS.map((choice) => ({
    id: choice.id,
    name: translate(choice.name, { n: choice.n }),
  }));
  const preview = () =>
    playSound(soundFrom({ 'tarkan.sound': sound ?? 'audio1', 'tarkan.soundURL': url }));
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
      <SelectInput
        source={attr('tarkan.sound')}
        label="resources.notifications.fields.sound"
        choices={choices}
        translateChoice={false}
        defaultValue="audio1"
      />
      {sound === 'custom' && (
        <TextInput
          source={attr('tarkan.soundURL')}
          label="resources.notifications.fields.soundURL"
          validate={soundUrl}
          sx={{ minWidth: 320 }}
        />
      )}
      <Tooltip title={translate('admin.sounds.preview')}>
        <span>
          <IconButton
            aria-label={translate('admin.sounds.preview')}
            onClick={preview}
            disabled={sound === 'mute'}
          >
            <PlayArrowIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
};
