import PushPinIcon from '@mui/icons-material/PushPin';
import { Box, IconButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';
import type { Position } from '../../../model/position';
import { valueOf } from './attributeEntries';
import { attributeLabel, formatAttribute } from './formatValue';
import { InfoRow } from './InfoRow';
import { usePins } from './usePins';

/** Attributes pinned by the server and by the user; the user may unpin their own. */
export const PinnedAttributes = ({ position }: { position: Position | undefined }) => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const { serverPins, userPins, setUserPins } = usePins();
  const keys = [...new Set([...serverPins, ...userPins])];
  if (!keys.length) return null;
  return (
    <Box sx={{ px: 1.5, pb: 1 }} data-testid="pinned-attributes">
      <Typography variant="overline">{translate('detail.pinned')}</Typography>
      {keys.map((key) => (
        <Box key={key} sx={{ display: 'flex', alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <InfoRow label={attributeLabel(key, translate)}>
              {formatAttribute(key, valueOf(position, key), translate, prefs)}
            </InfoRow>
          </Box>
          {userPins.includes(key) && (
            <IconButton
              size="small"
              aria-label={translate('detail.unpin')}
              onClick={() => void setUserPins(userPins.filter((pin) => pin !== key))}
            >
              <PushPinIcon fontSize="inherit" />
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
};
