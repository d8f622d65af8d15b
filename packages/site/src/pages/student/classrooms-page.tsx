export function ClassroomsPage() {
  return <h1>ClassroomsPage</h1>;
}
