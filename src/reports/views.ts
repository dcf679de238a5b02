/** The report views (route segments) and the server report each one calls. */
export const REPORT_VIEWS = ['resume', 'travels', 'stops', 'events', 'history'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

export const ENDPOINT: Record<ReportView, string> = {
  resume: 'summary',
  travels: 'trips',
  stops: 'stops',
  events: 'events',
  history: 'route',
};
