import type { TooltipProps } from '@mui/material';
import {
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { HintBubbleProps } from './HintBubble';

/** The bubble once fetched; every hint of the page then uses it. */
let Bubble: ComponentType<HintBubbleProps> | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();
const load = () => {
  loading ??= import('./HintBubble').then(
    (module) => {
      Bubble = module.HintBubble;
      waiting.forEach((wake) => wake());
      waiting.clear();
    },
    () => {
      // Offline: the browser's own tooltip stays, and the next hover tries again.
      loading = null;
    },
  );
};

/** MUI's tooltip waits this long under the pointer before showing; so does this one. */
const ENTER_DELAY_MS = 100;

interface HintProps {
  title: string;
  placement?: TooltipProps['placement'];
  /** A control that names itself (`aria-label`): the hint only repeats that name on hover. */
  children: ReactElement;
}

/**
 * A tooltip on a control of the first screen, its code (MUI's tooltip and positioning engine)
 * fetched when the pointer or the keyboard first reaches one of them, so it stays out of the
 * script the map needs to be used; until then the browser's own tooltip shows the name. The
 * control is never wrapped or mounted anew: a click landing while the bubble arrives still counts.
 */
export const Hint = ({ title, placement, children }: HintProps) => {
  const [loaded, setLoaded] = useState(Bubble !== null);
  /** The control the bubble points at while it shows. */
  const [anchor, setAnchor] = useState<Element | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (loaded) return;
    const wake = () => setLoaded(true);
    waiting.add(wake);
    return () => {
      waiting.delete(wake);
    };
  }, [loaded]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    load();
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setAnchor(box.current?.firstElementChild ?? null),
      ENTER_DELAY_MS,
    );
  };
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };
  return (
    <>
      <span
        ref={box}
        title={loaded ? undefined : title}
        onPointerEnter={(event: PointerEvent) => event.pointerType === 'mouse' && show()}
        onPointerLeave={hide}
        onPointerDown={hide}
        // Like MUI's tooltip: a keyboard focus shows the hint, a click's focus does not.
        onFocus={(event: FocusEvent) => event.target.matches(':focus-visible') && show()}
        onBlur={hide}
        style={{ display: 'contents' }}
      >
        {children}
      </span>
      {loaded && Bubble && anchor && <Bubble anchor={anchor} title={title} placement={placement} />}
    </>
  );
};
