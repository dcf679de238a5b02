import { minLength, required } from 'react-admin';
import { PASSWORD_MIN_LENGTH } from '../../../model';

/** Minimum lengths name 3, email 4, password 8 (as the server checks), each with its own message. */
export const validateName = [required('validation.name'), minLength(3, 'validation.name')];
export const validateEmail = [required('validation.email'), minLength(4, 'validation.email')];
export const validatePassword = [
  required('validation.password'),
  minLength(PASSWORD_MIN_LENGTH, 'validation.password'),
];
