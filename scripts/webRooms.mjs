// The web app's top-level folders and files (its rooms, in the floor plan's words), in the three
// kinds docs/architecture.md describes ("Features and their entries"). The floor plan measure,
// the lint fences and the build read this one list; a new folder under src/ goes in one of them.

/** What puts the app together: the entry, the routes, the frame around every screen. */
export const SHELL = ['startup', 'App.tsx', 'screens.tsx', 'layout'];

/**
 * One feature each: its screens and what only they use. Another feature uses a feature only
 * through its entry, `src/<feature>/index.ts`; the shell may load its screens directly.
 */
export const FEATURES = [
  'announcements',
  'autolink',
  'billing',
  'connectingDevices',
  'driver',
  'fleet',
  'liveLogs',
  'logs',
  'pages',
  'reports',
  'reseller',
  'resources',
  'settings',
  'shares',
  'statistics',
];

/**
 * What features build on, in two tiers. The base knows no screen at all; the widgets (toasts,
 * the theme and sign-in card, shared inputs and frame, the map's pieces, the update prompt) may
 * use the base but no feature.
 */
export const SHARED_BASE = ['authProvider', 'bootstrap', 'dataProvider', 'i18n', 'live', 'loading'];
export const SHARED_WIDGETS = ['alerts', 'branding', 'common', 'map', 'pwa'];
export const SHARED = [...SHARED_BASE, ...SHARED_WIDGETS];

/** Matches a path (forward slashes) that is a feature's entry: `…/src/<feature>/index.ts`. */
export const FEATURE_ENTRY = new RegExp(`/src/(${FEATURES.join('|')})/index\\.ts$`);
