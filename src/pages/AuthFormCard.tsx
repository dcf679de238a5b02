import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError, type ErrorView } from '../dataProvider/describeError';
import { ErrorMessage } from '../common/ErrorMessage';
import { AuthCard } from '../branding/AuthCard';
import { BackToLogin } from './BackToLogin';

/** Runs a public form's submit; its failure is what the page shows until the next try. */
export const useSubmitFailure = <T,>(action: (values: T) => Promise<void>) => {
  const mutation = useMutation({ mutationFn: action });
  return {
    error: mutation.error ? describeError(mutation.error) : null,
    // Settles either way, so the form's own submitting state ends with the call.
    submit: (values: T) => mutation.mutateAsync(values).catch(() => undefined),
  };
};

interface AuthFormCardProps {
  title: string;
  /** Shown instead of the form when given (sent, done, or why there is no form). */
  outcome?: ReactNode;
  /** Above the failure and the form. */
  intro?: ReactNode;
  error: ErrorView | null;
  children: ReactNode;
}

/** A public form page (register, recover): the form or its outcome, then the way back to sign-in. */
export const AuthFormCard = ({ title, outcome, intro, error, children }: AuthFormCardProps) => (
  <AuthCard title={title}>
    {outcome || (
      <>
        {intro}
        {error && <ErrorMessage error={error} />}
        {children}
      </>
    )}
    <BackToLogin />
  </AuthCard>
);
