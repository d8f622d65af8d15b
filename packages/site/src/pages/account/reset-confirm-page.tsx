export function ResetPasswordConfirmPage() {
  return <h1>ResetPasswordConfirmPage</h1>;
}
