export function ClassroomPage() {
  return <h1>ClassroomPage</h1>;
}
