/**
 * A provider's refusal of a sign-in or sign-up (`text`: its words, or null), beside the form's
 * button where the person looks, until the next try. The error itself is logged when it happens
 * (`logAuthError`).
 */
export function AuthFormError({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
      {text}
    </p>
  );
}

export const logAuthError = (error: unknown) => console.error(error);
