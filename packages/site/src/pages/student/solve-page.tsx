export function SolvePage() {
  return <h1>SolvePage</h1>;
}
