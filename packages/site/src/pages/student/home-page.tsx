export function StudentHomePage() {
  return <h1>StudentHomePage</h1>;
}
