import AnchorIcon from '@mui/icons-material/Anchor';
import BadgeIcon from '@mui/icons-material/Badge';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SpeedIcon from '@mui/icons-material/Speed';
import WarningIcon from '@mui/icons-material/Warning';
import type { SvgIconProps } from '@mui/material';
import { type ComponentType, memo, useLayoutEffect, useRef } from 'react';
import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { type StateKey, stateOf } from './deviceState';
import { useStateTitle } from './stateTitle';

const ON: Record<StateKey, string> = {
  alert: '#d32f2f',
  driver: '#2e7d32',
  ignition: '#2e7d32',
  locked: '#d32f2f',
  anchor: '#f9a825',
  motion: '#1565c0',
};
const OFF: Partial<Record<StateKey, string>> = { locked: '#2e7d32' };
const NOT_SET = '#9e9e9e';
const UNREPORTED = '#e0e0e0';

type Glyph = StateKey | 'unlocked';

const ICONS: Record<Glyph, ComponentType<SvgIconProps & { 'data-glyph': Glyph }>> = {
  alert: WarningIcon,
  driver: BadgeIcon,
  ignition: KeyIcon,
  locked: LockIcon,
  unlocked: LockOpenIcon,
  anchor: AnchorIcon,
  motion: SpeedIcon,
};

const ORDER: StateKey[] = ['alert', 'driver', 'ignition', 'locked', 'anchor', 'motion'];
const VALUES = [true, false, undefined] as const;

const glyphOf = (key: StateKey, value: boolean | undefined): Glyph =>
  key === 'locked' && value === false ? 'unlocked' : key;

const colorOf = (key: StateKey, value: boolean | undefined): string =>
  value ? ON[key] : value === false ? (OFF[key] ?? NOT_SET) : UNREPORTED;

/** One rule per state and value: that glyph, in that colour, as the icon's background image. */
const stateRules = (shapes: (glyph: Glyph) => string | undefined): string =>
  ORDER.flatMap((key) =>
    VALUES.map((value) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${colorOf(key, value)}">${shapes(glyphOf(key, value)) ?? ''}</svg>`;
      const image = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
      return `.frota-state[data-state="${key}"][data-value="${String(value)}"]{background-image:${image}}`;
    }),
  ).join('\n');

/**
 * The state icons' images. The Material icons render here once, hidden; their shapes become one
 * style sheet, so each icon in a row is a single element (no SVG tree per icon, no style per
 * row), which keeps a search that swaps or adds rows cheap to lay out and paint.
 */
export const StateIconSprite = memo(function StateIconSprite() {
  const icons = useRef<SVGSVGElement>(null);
  const sheet = useRef<HTMLStyleElement>(null);
  useLayoutEffect(() => {
    const shapes = (glyph: Glyph) =>
      icons.current?.querySelector(`[data-glyph="${glyph}"]`)?.innerHTML;
    if (sheet.current) sheet.current.textContent = stateRules(shapes);
  }, []);
  return (
    <>
      <style ref={sheet} data-testid="state-icon-styles" />
      <svg ref={icons} width={0} height={0} style={{ position: 'absolute' }} aria-hidden="true">
        {Object.entries(ICONS).map(([glyph, Icon]) => (
          <Icon key={glyph} data-glyph={glyph as Glyph} />
        ))}
      </svg>
    </>
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
        const text = title(key, value, position);
        return (
          <span
            key={key}
            className="frota-state"
            role="img"
            title={text}
            aria-label={text}
            data-state={key}
            data-value={String(value)}
          />
        );
      })}
    </span>
  );
};
