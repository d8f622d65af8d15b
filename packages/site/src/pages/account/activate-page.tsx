export function ActivatePage() {
  return <h1>ActivatePage</h1>;
}
