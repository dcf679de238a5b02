import TuneIcon from '@mui/icons-material/Tune';
import { IconButton } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Hint } from '../../common/Hint';
import { lazyPage } from '../../loading/lazyPage';

// The menu (and MUI's popover machinery) comes with its first opening.
const MapPrefsMenuList = lazyPage(
  () => import('./MapPrefsMenuList').then((m) => m.MapPrefsMenuList),
  { quiet: true, early: true },
);

/** The button of the marker preferences (labels, ring, accuracy, clusters, groups, categories). */
export const MapPrefsMenu = () => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Hint title={translate('map.prefs')}>
        <IconButton
          aria-label={translate('map.prefs')}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TuneIcon />
        </IconButton>
      </Hint>
      {anchor && <MapPrefsMenuList anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
};
