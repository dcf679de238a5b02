export {
  traccarDataProvider as dataProvider,
  type TraccarDataProvider,
  type LinkEnd,
  type LinkKey,
  type LinkedFilter,
} from './traccar';
