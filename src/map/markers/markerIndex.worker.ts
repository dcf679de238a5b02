/**
 * The map's marker index in a Web Worker: clustering and hit-testing for tens of thousands of
 * devices run here, so the page's main thread only draws (`markerIndex.ts`, docs/live-map.md).
 */
import { type IndexPort, serveMarkerIndex } from './markerIndexService';

serveMarkerIndex(self as unknown as IndexPort);
