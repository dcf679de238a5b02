import type { TooltipProps } from '@mui/material';
import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** Once anything asks for a hint, every hint on the page may load MUI's tooltip. */
let wanted = false;
const waiting = new Set<() => void>();
const want = () => {
  if (wanted) return;
  wanted = true;
  waiting.forEach((wake) => wake());
  waiting.clear();
};

interface HintProps {
  title: string;
  placement?: TooltipProps['placement'];
  /** A control that names itself (`aria-label`): the hint only repeats that name on hover. */
  children: ReactElement;
}

/**
 * MUI's tooltip on a control of the first screen, fetched when the pointer or the keyboard first
 * reaches one of them: the tooltip and its positioning engine stay out of the script the map
 * needs to be used. Until then the control shows its name in the browser's own tooltip.
 */
export const Hint = ({ title, placement, children }: HintProps) => {
  const [active, setActive] = useState(wanted);
  useEffect(() => {
    if (active) return;
    const wake = () => setActive(true);
    waiting.add(wake);
    return () => {
      waiting.delete(wake);
    };
  }, [active]);
  if (!active) {
    return (
      <span title={title} onPointerEnter={want} onFocus={want} style={{ display: 'contents' }}>
        {children}
      </span>
    );
  }
  return (
    <Suspense fallback={children}>
      <Tooltip title={title} placement={placement}>
        {children}
      </Tooltip>
    </Suspense>
  );
};
