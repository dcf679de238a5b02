/**
 * `GET /tarkan/session/impersonation` (docs/extension-api.md): while a session acts as another
 * user, the user who signed in, whom `DELETE` on the same path returns to; null otherwise.
 */
export interface ImpersonationState {
  original: { id: number; name: string; email: string } | null;
}
