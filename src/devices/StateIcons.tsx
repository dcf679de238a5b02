import AnchorIcon from '@mui/icons-material/Anchor';
import BadgeIcon from '@mui/icons-material/Badge';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SpeedIcon from '@mui/icons-material/Speed';
import WarningIcon from '@mui/icons-material/Warning';
import type { SvgIconProps } from '@mui/material';
import { type ComponentType, memo } from 'react';
import type { Device } from '../model/device';
import type { Position } from '../model/position';
import { type StateKey, stateOf } from './deviceState';
import { useStateTitle } from './stateTitle';

const ON = {
  alert: '#d32f2f',
  driver: '#2e7d32',
  ignition: '#2e7d32',
  locked: '#d32f2f',
  anchor: '#f9a825',
  motion: '#1565c0',
};
const OFF = { locked: '#2e7d32' } as Partial<Record<StateKey, string>>;

type Glyph = StateKey | 'unlocked';

const ICONS: Record<Glyph, ComponentType<SvgIconProps>> = {
  alert: WarningIcon,
  driver: BadgeIcon,
  ignition: KeyIcon,
  locked: LockIcon,
  unlocked: LockOpenIcon,
  anchor: AnchorIcon,
  motion: SpeedIcon,
};

const ORDER: StateKey[] = ['alert', 'driver', 'ignition', 'locked', 'anchor', 'motion'];

const glyphId = (glyph: Glyph) => `frota-state-${glyph}`;

/**
 * The state icons, drawn once as SVG symbols: every row then only places `<use>` references,
 * so scrolling or filtering the list mounts plain elements instead of icon components.
 */
export const StateIconSprite = memo(function StateIconSprite() {
  return (
    <svg width={0} height={0} style={{ position: 'absolute' }} aria-hidden="true">
      <defs>
        {Object.entries(ICONS).map(([glyph, Icon]) => (
          <symbol key={glyph} id={glyphId(glyph as Glyph)} viewBox="0 0 24 24">
            <Icon style={{ width: 24, height: 24 }} />
          </symbol>
        ))}
      </defs>
    </svg>
  );
});

interface StateIconsProps {
  device: Device;
  position: Position | undefined;
  anchored: ReadonlySet<number>;
  showAnchor: boolean;
}

/**
 * The state strip: alarm, driver, ignition, lock, anchor, motion, each with a text title.
 * Needs a `<StateIconSprite />` on the page.
 */
export const StateIcons = ({ device, position, anchored, showAnchor }: StateIconsProps) => {
  const title = useStateTitle();
  return (
    <span className="frota-states">
      {ORDER.filter((key) => key !== 'anchor' || showAnchor).map((key) => {
        const value = stateOf({ device, position, anchored }, key);
        const glyph: Glyph = key === 'locked' && value === false ? 'unlocked' : key;
        const color = value ? ON[key] : value === false ? (OFF[key] ?? '#9e9e9e') : '#e0e0e0';
        const text = title(key, value, position);
        return (
          <span
            key={key}
            title={text}
            aria-label={text}
            data-state={key}
            data-value={String(value)}
          >
            <svg width={16} height={16} style={{ color }} aria-hidden="true">
              <use href={`#${glyphId(glyph)}`} />
            </svg>
          </span>
        );
      })}
    </span>
  );
};
