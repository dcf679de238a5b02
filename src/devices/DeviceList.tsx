import { Box, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { liveStore } from '../live/liveStore';
import { useDeviceView } from './DeviceViewContext';
import { DeviceRow } from './DeviceRow';
import { listStyles, ROW_HEIGHT } from './rowStyles';
import { StateIconSprite } from './StateIcons';
import { buildListItems } from './listItems';
import { useGroupHeaders } from './usePrefs';

const HEADER_HEIGHT = 32;

/** The virtualized device list: only the visible rows exist in the DOM, whatever the fleet size. */
export const DeviceList = ({
  selectedId,
  showAnchor,
}: {
  selectedId: number | null;
  showAnchor: boolean;
}) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { ids, groups, anchors, loaded, search } = useDeviceView();
  const [withGroups] = useGroupHeaders();
  const anchored = useMemo(() => new Set(anchors.keys()), [anchors]);
  const items = useMemo(
    () =>
      buildListItems(ids, withGroups, liveStore.getState().devices, (id) => groups.get(id)?.name),
    [ids, withGroups, groups],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (items[index].kind === 'group' ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => items[index].key,
    overscan: 8,
  });
  const open = useCallback((id: number) => navigate(`/devices/${id}`), [navigate]);

  if (loaded && !items.length) {
    const empty = liveStore.getState().devices.size === 0;
    return (
      <Typography
        sx={{ p: 2 }}
        color="text.secondary"
        data-testid="device-list-empty"
        data-search={search}
      >
        {translate(empty ? 'devices.empty' : 'devices.noMatch')}
      </Typography>
    );
  }
  return (
    <Box
      ref={scrollRef}
      data-testid="device-list"
      data-count={ids.length}
      data-search={search}
      sx={listStyles}
    >
      <StateIconSprite />
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          return (
            // A plain inline style: through `sx` every new offset would become a new CSS class.
            <div
              key={row.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${row.start}px)`,
              }}
            >
              {item.kind === 'group' ? (
                <Typography
                  variant="overline"
                  data-testid="group-header"
                  sx={{
                    display: 'block',
                    height: HEADER_HEIGHT,
                    lineHeight: `${HEADER_HEIGHT}px`,
                    px: 1.5,
                    bgcolor: 'action.hover',
                  }}
                >
                  {groups.get(item.groupId)?.name ?? translate('devices.noGroup')}
                </Typography>
              ) : (
                <DeviceRow
                  id={item.id}
                  anchored={anchored}
                  showAnchor={showAnchor}
                  selected={item.id === selectedId}
                  onOpen={open}
                />
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
};
