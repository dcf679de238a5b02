import { minLength, required } from 'react-admin';

/** Minimum lengths name 3, email 4, password 4 (as the server checks), each with its own message. */
export const validateName = [required('validation.name'), minLength(3, 'validation.name')];
export const validateEmail = [required('validation.email'), minLength(4, 'validation.email')];
export const validatePassword = [
  required('validation.password'),
  minLength(4, 'validation.password'),
];
