import TuneIcon from '@mui/icons-material/Tune';
import {
  Checkbox,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Radio,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useGroupHeaders, useMarkerPrefs } from '../fleet/usePrefs';
import type { LabelMode, MarkerPrefs } from './markers/labels';
import { CategoryFilterItems } from './CategoryFilterItems';

const LABELS: { mode: LabelMode; key: string }[] = [
  { mode: 'none', key: 'map.labelNone' },
  { mode: 'name', key: 'map.labelName' },
  { mode: 'plate', key: 'map.labelPlate' },
  { mode: 'both', key: 'map.labelBoth' },
];

const TOGGLES: { pref: keyof Omit<MarkerPrefs, 'labels'>; key: string }[] = [
  { pref: 'statusRing', key: 'map.statusRing' },
  { pref: 'accuracy', key: 'map.accuracy' },
  { pref: 'clusters', key: 'map.clusters' },
];

/** Labels, status ring, accuracy circle, clustering, group headers and category visibility. */
export const MapPrefsMenu = () => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [prefs, setPrefs] = useMarkerPrefs();
  const [groups, setGroups] = useGroupHeaders();
  return (
    <>
      <Tooltip title={translate('map.prefs')}>
        <IconButton
          aria-label={translate('map.prefs')}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 480 } } }}
      >
        <ListSubheader>{translate('map.labels')}</ListSubheader>
        {LABELS.map(({ mode, key }) => (
          <MenuItem key={mode} dense onClick={() => setPrefs({ ...prefs, labels: mode })}>
            <ListItemIcon>
              <Radio size="small" checked={prefs.labels === mode} tabIndex={-1} />
            </ListItemIcon>
            <ListItemText>{translate(key)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {TOGGLES.map(({ pref, key }) => (
          <MenuItem key={pref} dense onClick={() => setPrefs({ ...prefs, [pref]: !prefs[pref] })}>
            <ListItemIcon>
              <Checkbox size="small" checked={prefs[pref]} tabIndex={-1} />
            </ListItemIcon>
            <ListItemText>{translate(key)}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem dense onClick={() => setGroups(!groups)}>
          <ListItemIcon>
            <Checkbox size="small" checked={groups} tabIndex={-1} />
          </ListItemIcon>
          <ListItemText>{translate('map.groups')}</ListItemText>
        </MenuItem>
        <Divider />
        <CategoryFilterItems />
      </Menu>
    </>
  );
};
