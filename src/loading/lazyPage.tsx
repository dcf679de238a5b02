import { Alert, Box, Button, LinearProgress } from '@mui/material';
import {
  type ComponentType,
  type ErrorInfo,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  Component as ReactComponent,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { useTranslate } from 'react-admin';
import { ChunkTimeoutError, withTimeout } from './chunkTimeout';
import { markPageReady, markPageShown } from './pageSettled';
import { PageSkeleton, PanelSkeleton, type PanelShape } from './Skeletons';

/** The thin bar at the top of the window while a screen's code loads. */
export const ChunkProgress = () => {
  const translate = useTranslate();
  return (
    <LinearProgress
      aria-label={translate('app.loading')}
      data-testid="chunk-loading"
      sx={{ position: 'fixed', inset: '0 0 auto 0', zIndex: 'tooltip' }}
    />
  );
};

const ChunkFailed = ({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity="error"
        role="alert"
        data-testid="chunk-failed"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('app.retry')}
          </Button>
        }
      >
        {translate(timedOut ? 'app.chunkTimeout' : 'app.chunkFailed')}
      </Alert>
    </Box>
  );
};

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
  /** A small part of a screen rather than a screen: when it fails to load, it is left out. */
  quiet: boolean;
}

/**
 * Catches only a failed load of a screen's code: any other error goes on to react-admin's own
 * error page, as before code splitting.
 */
class ChunkBoundary extends ReactComponent<BoundaryProps, { failure: Error | null }> {
  state: { failure: Error | null } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: Error | null } {
    if (isChunkFailure(error)) return { failure: error };
    throw error;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!isChunkFailure(error)) console.error(error, info.componentStack);
  }

  render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    if (this.props.quiet) return null;
    return (
      <ChunkFailed
        timedOut={failure instanceof ChunkTimeoutError}
        onRetry={() => {
          this.setState({ failure: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

/**
 * A timeout, or the browser's failed `import()` (a lost connection, or a file gone after a
 * deploy): Chromium says "Failed to fetch dynamically imported module", Firefox "error loading
 * dynamically imported module", Safari "Importing a module script failed"; Vite's preloading of
 * a chunk's own imports fails with "Unable to preload CSS".
 */
function isChunkFailure(error: unknown): error is Error {
  if (error instanceof ChunkTimeoutError) return true;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload/i.test(
    error.message,
  );
}

/** The progress bar, and the shapes of the screen on its way. */
const Loading = ({ skeleton }: { skeleton: NonNullable<LazyOptions['skeleton']> }) => (
  <>
    <ChunkProgress />
    {skeleton === 'page' ? (
      <PageSkeleton />
    ) : skeleton === 'none' ? null : (
      <PanelSkeleton {...skeleton} />
    )}
  </>
);

/** A screen whose code loads on first use; `preload()` starts fetching it before it is shown. */
export type LazyPage<P> = ((props: P) => ReactNode) & { preload: () => void };

interface LazyOptions {
  /**
   * For a small part of a screen (a floating button, an optional box) rather than a screen:
   * nothing shows while it loads, and nothing if it cannot be loaded.
   */
  quiet?: boolean;
  /**
   * Whether the screen works as soon as it is shown (`markPageReady`). Off for the parts of a
   * screen, for the frame around the screens, and for a screen that says so itself (the map,
   * once its markers are drawn).
   */
  readyWhenShown?: boolean;
  /**
   * Part of the first screen (the frame, the map and its menus): shows with the first screen's
   * messages, without waiting for what every other screen waits for (`setScreenPrerequisite`).
   */
  early?: boolean;
  /**
   * What stands in for the screen while its code loads, under the progress bar: the shapes of a
   * page (the default), of a panel over the map (`PanelShape`), or nothing (the frame and the map,
   * which fill the window themselves).
   */
  skeleton?: 'page' | PanelShape | 'none';
}

let prerequisite: () => Promise<unknown> = () => Promise.resolve();

/**
 * What every screen but the first one's parts waits for besides its code: the app sets the rest of
 * its messages, which arrive after the first screen works (docs/web-app-loading.md).
 */
export const setScreenPrerequisite = (wait: () => Promise<unknown>): void => {
  prerequisite = wait;
};

/** Tells, once mounted, that the page is on screen and, for most screens, that it works. */
const PageShown = ({ ready }: { ready: boolean }) => {
  useEffect(() => (ready ? markPageReady() : markPageShown()), [ready]);
  return null;
};

/**
 * A screen whose code loads on first use: a progress bar and its skeleton while it loads, and
 * after a failure or `CHUNK_TIMEOUT_MS` a message with a retry that loads it again. `load`
 * resolves to the component, so named exports need no default-export wrapper.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { quiet = false, readyWhenShown = !quiet, early = false, skeleton = 'page' }: LazyOptions = {},
): LazyPage<P> {
  // One load shared by `preload()` and every mount; forgotten after a failure so a retry loads
  // again (the browser shares one fetch of a module between concurrent imports).
  let pending: Promise<ComponentType<P>> | null = null;
  const loadAll = () =>
    early ? load() : Promise.all([load(), prerequisite()]).then(([component]) => component);
  const start = () =>
    (pending ??= withTimeout(loadAll).catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => start().then((component) => ({ default: component })));
  let current = make();
  const Page = (props: P) => {
    const [Loaded, setLoaded] = useState(() => current);
    const retry = () => {
      current = make();
      setLoaded(() => current);
    };
    return (
      <ChunkBoundary onRetry={retry} quiet={quiet}>
        <Suspense fallback={quiet ? null : <Loading skeleton={skeleton} />}>
          <Loaded {...props} />
          {!quiet && <PageShown ready={readyWhenShown} />}
        </Suspense>
      </ChunkBoundary>
    );
  };
  return Object.assign(Page, {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}
