import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  IconButton,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';
import type { Position } from '../../../model/position';
import { useExpanded } from '../../map/Panel';
import { attributeEntries } from './attributeEntries';
import { attributeLabel, formatAttribute } from './formatValue';
import { InfoRow } from './InfoRow';
import { usePins } from './usePins';

/** Every other position field and attribute, translated; open by default when expanded. */
export const AllAttributes = ({ position }: { position: Position | undefined }) => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const [expanded] = useExpanded();
  const { serverPins, userPins, setUserPins } = usePins();
  const pinned = new Set([...serverPins, ...userPins]);
  const entries = attributeEntries(position).filter(([key]) => !pinned.has(key));
  if (!entries.length) return null;
  return (
    <Accordion
      disableGutters
      elevation={0}
      defaultExpanded={expanded}
      sx={{ '&:before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="overline">{translate('detail.otherAttributes')}</Typography>
      </AccordionSummary>
      <AccordionDetails data-testid="all-attributes">
        {entries.map(([key, value]) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center' }}>
            <Box sx={{ flex: 1 }}>
              <InfoRow label={attributeLabel(key, translate)}>
                {formatAttribute(key, value, translate, prefs)}
              </InfoRow>
            </Box>
            <IconButton
              size="small"
              aria-label={translate('detail.pin')}
              onClick={() => void setUserPins([...userPins, key])}
            >
              <PushPinOutlinedIcon fontSize="inherit" />
            </IconButton>
          </Box>
        ))}
      </AccordionDetails>
    </Accordion>
  );
};
