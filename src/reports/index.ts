// What other features may use of reports/: the routes a report draws, which the live map shows
// under its markers. They load only once a report or the history has been opened, so the map
// screen's first load carries this file and not the reports' code.
import { lazyPage } from '../loading/lazyPage';

export const RouteLayer = lazyPage(() => import('./RouteLayer').then((m) => m.RouteLayer), {
  quiet: true,
});
export const CombinedRouteLayer = lazyPage(
  () => import('./CombinedRouteLayer').then((m) => m.CombinedRouteLayer),
  { quiet: true },
);
