/** The width of the device panels beside the map (the map places its counters after it). */
export const PANEL_WIDTH = 380;
