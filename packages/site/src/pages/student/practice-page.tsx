export function PracticePage() {
  return <h1>PracticePage</h1>;
}
