import { minLength, required } from 'react-admin';

/** Spec §5: minimum lengths name 3, email 4, password 4, each with its own message. */
export const validateName = [required('validation.name'), minLength(3, 'validation.name')];
export const validateEmail = [required('validation.email'), minLength(4, 'validation.email')];
export const validatePassword = [
  required('validation.password'),
  minLength(4, 'validation.password'),
];
