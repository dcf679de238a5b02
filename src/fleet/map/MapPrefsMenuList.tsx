import {
  Checkbox,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Radio,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useGroupHeaders, useMarkerPrefs } from '../usePrefs';
import type { LabelMode, MarkerPrefs } from '../../map/markers/labels';
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
export const MapPrefsMenuList = ({
  anchor,
  onClose,
}: {
  anchor: HTMLElement;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [prefs, setPrefs] = useMarkerPrefs();
  const [groups, setGroups] = useGroupHeaders();
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
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
  );
};
