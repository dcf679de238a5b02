// What other features may use of resources/ (the shell registers each resource from its own
// resources/<name>/index.ts). The device form's identity fields serve the map's create dialog;
// the user form's tabs, choices, attribute inputs and save transform serve my account and the
// server settings, which edit the same fields.
export { DEVICE_DEFAULTS, DeviceIdentityInputs } from './devices/DeviceForm';
export {
  COORDINATE_FORMATS,
  LANGUAGE_CHOICES,
  UserAccountTab,
  UserPreferencesTab,
  useMapChoices,
} from './users/UserInputs';
export { attributeInput, type AttributeInputKind } from './users/UserAttributeInputs';
export { userTransform } from './users/userTransform';
