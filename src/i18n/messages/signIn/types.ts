import type signInEnUS from './enUS';
import type { signInErrorsEnUS } from './enUS';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** Every locale has exactly the English keys. */
export type SignInMessages = Strings<typeof signInEnUS>;
export type SignInErrors = Strings<typeof signInErrorsEnUS>;
