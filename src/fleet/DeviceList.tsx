import { Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { liveStore } from '../live/liveStore';
import { useDeviceView } from './DeviceViewContext';
import { DeviceRow } from './DeviceRow';
import { buildListItems } from './listItems';
import { DeviceListStyles, HEADER_HEIGHT, ROW_HEIGHT } from './rowStyles';
import { StateIconSprite } from './StateIcons';
import { useGroupHeaders } from './usePrefs';

const byIndex = (index: number) => index;

/**
 * The virtualized device list: only the visible rows exist in the DOM, whatever the fleet size.
 * Rows are keyed by their place in the list, so a search that swaps the visible devices
 * updates the same elements instead of replacing them.
 */
export const DeviceList = ({
  selectedId,
  showAnchor,
  onOpen,
}: {
  selectedId: number | null;
  showAnchor: boolean;
  /** Stable: the rows are memoized on it. */
  onOpen: (id: number) => void;
}) => {
  const translate = useTranslate();
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
    estimateSize: withGroups
      ? (index) => (items.at(index).kind === 'group' ? HEADER_HEIGHT : ROW_HEIGHT)
      : () => ROW_HEIGHT,
    // Under headers the same count can hide a moved header: a new key function each render
    // re-measures. Plain rows all have one height, so a stable one measures only on new counts.
    getItemKey: withGroups ? (index) => `${items.at(index).kind}${index}` : byIndex,
    overscan: 4,
  });

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
    <div
      ref={scrollRef}
      className="frota-list"
      data-testid="device-list"
      data-count={ids.length}
      data-search={search}
    >
      <DeviceListStyles />
      <StateIconSprite />
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items.at(row.index);
          return (
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
                <span className="frota-group" data-testid="group-header">
                  {groups.get(item.groupId)?.name ?? translate('devices.noGroup')}
                </span>
              ) : (
                <DeviceRow
                  id={item.id}
                  anchored={anchored}
                  showAnchor={showAnchor}
                  selected={item.id === selectedId}
                  onOpen={onOpen}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
};
