// The formatters live in model/, so the server writes numbers, units and dates in notifications
// and mail exactly as the screens show them.
export * from '../../model/format';
