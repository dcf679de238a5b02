import LayersIcon from '@mui/icons-material/Layers';
import { IconButton } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Hint } from '../common/Hint';
import { lazyPage } from '../loading/lazyPage';
import type { TileLayerDef } from './tileLayers';

// The menu (and MUI's popover machinery) comes with its first opening.
const LayerMenuList = lazyPage(() => import('./LayerMenuList').then((m) => m.LayerMenuList), {
  quiet: true,
  early: true,
});

interface LayerMenuProps {
  layers: TileLayerDef[];
  current: TileLayerDef;
  onChoose: (id: string) => void;
}

/** The base layer choice. */
export const LayerMenu = ({ layers, current, onChoose }: LayerMenuProps) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Hint title={translate('map.layer')}>
        <IconButton
          aria-label={translate('map.layer')}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <LayersIcon />
        </IconButton>
      </Hint>
      {anchor && (
        <LayerMenuList
          anchor={anchor}
          layers={layers}
          current={current}
          onChoose={onChoose}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
};
